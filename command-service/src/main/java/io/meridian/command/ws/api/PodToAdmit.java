package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One pod CREATE of a batch: the AdmissionReview uid, the decision id given to it and the pod as sent;
 * {@code liveOwners} the pod's owner chain as the gateway read it from the cluster (empty: not read).
 */
public record PodToAdmit(String requestUid, String decisionId, JsonNode pod, List<JsonNode> liveOwners) {
    public PodToAdmit {
        liveOwners = liveOwners == null ? List.of() : List.copyOf(liveOwners);
    }

    public PodToAdmit(String requestUid, String decisionId, JsonNode pod) {
        this(requestUid, decisionId, pod, List.of());
    }
}
