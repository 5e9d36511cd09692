package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/** A pod DELETE or eviction: the pod as stored, the spreads of its namespace and the time. */
public record PodDeletionRequest(JsonNode pod, List<ListedSpread> spreads, ClusterObjects cluster,
                                 AdmissionSettings settings, Instant now) {
    public PodDeletionRequest {
        java.util.Objects.requireNonNull(pod, "pod");
        java.util.Objects.requireNonNull(now, "now");
        spreads = List.copyOf(spreads);
    }
}
