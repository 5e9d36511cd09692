package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Decide a batch of concurrent pod CREATEs in order, each seeing the reservations of the ones before.
 * {@code clusterObjects} are the workload objects read for the batch (the target at its current
 * replicas and the owner chain), as {@code ClusterObject} JSON. Dry-run decides without recording.
 * Answers a {@code List<AdmissionOutcome>} in the order of {@code pods}.
 */
public record AdmitPods(@TargetAggregateIdentifier String id, List<PodToAdmit> pods, List<JsonNode> clusterObjects,
                        Instant now, boolean dryRun) {
    public AdmitPods {
        pods = List.copyOf(pods);
        clusterObjects = List.copyOf(clusterObjects);
    }
}
