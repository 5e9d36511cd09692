package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One pod CREATE of a batch: the AdmissionReview uid, the decision id given to it and the pod as sent;
 * {@code liveOwners} the pod's owner chain as the gateway read it from the cluster (empty: not read);
 * {@code recorded} what the {@code PodsAdmitted} event keeps of the pod ({@code AdmittedPodInput.of(pod)}), prepared
 * by the admission service on the request's thread so that digesting the pod does not hold the aggregate's lock;
 * null: the aggregate prepares it.
 */
public record PodToAdmit(String requestUid, String decisionId, JsonNode pod, List<JsonNode> liveOwners, JsonNode recorded) {
    public PodToAdmit {
        liveOwners = liveOwners == null ? List.of() : List.copyOf(liveOwners);
    }

    public PodToAdmit(String requestUid, String decisionId, JsonNode pod, List<JsonNode> liveOwners) {
        this(requestUid, decisionId, pod, liveOwners, null);
    }

    public PodToAdmit(String requestUid, String decisionId, JsonNode pod) {
        this(requestUid, decisionId, pod, List.of());
    }
}
