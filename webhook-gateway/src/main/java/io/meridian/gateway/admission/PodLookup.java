package io.meridian.gateway.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * Reads a pod from its member cluster. An eviction's AdmissionReview carries the Eviction, not the pod,
 * so the gateway looks the pod up to send its labels, annotations and owners to the command-service.
 * Best effort and bounded in time: empty when the pod cannot be read quickly.
 */
@FunctionalInterface
public interface PodLookup {
    Optional<JsonNode> find(String cluster, String namespace, String name);

    /** No lookup: the command-service gets the pod's name and namespace only. */
    PodLookup NONE = (cluster, namespace, name) -> Optional.empty();
}
