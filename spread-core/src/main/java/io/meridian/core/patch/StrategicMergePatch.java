package io.meridian.core.patch;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Kubernetes strategic-merge patch with the merge keys and strategies Kubernetes defines for the
 * core types (Pod, PodTemplateSpec, PodSpec, Container, ...). Pure: returns a new document.
 */
public interface StrategicMergePatch {

    /** Applies {@code patch} to a whole Pod document. */
    JsonNode applyToPod(JsonNode pod, JsonNode patch);

    /** Applies {@code patch} to a PodTemplateSpec document ({metadata, spec}). */
    JsonNode applyToPodTemplate(JsonNode template, JsonNode patch);
}
