package io.meridian.core.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Kubernetes strategic-merge patch with the merge keys and strategies Kubernetes defines for the
 * core types (Pod, PodTemplateSpec, PodSpec, Container, ...). Pure: returns a new document (except
 * {@link #applyToOwnPod}, which may change the caller's own copy).
 */
public interface StrategicMergePatch {

    /** Applies {@code patch} to a whole Pod document. */
    JsonNode applyToPod(JsonNode pod, JsonNode patch);

    /**
     * As {@link #applyToPod}, for a pod document the caller owns (a copy of its own): it may be changed and returned
     * instead of copied first.
     */
    default JsonNode applyToOwnPod(ObjectNode pod, JsonNode patch) {
        return applyToPod(pod, patch);
    }

    /** Applies {@code patch} to a PodTemplateSpec document ({metadata, spec}). */
    JsonNode applyToPodTemplate(JsonNode template, JsonNode patch);
}
