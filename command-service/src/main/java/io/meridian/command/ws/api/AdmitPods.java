package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Decide a batch of concurrent pod CREATEs in order, each seeing the reservations of the ones before.
 * {@code clusterObjects} are the workload objects read for the batch (the target at its current
 * replicas and the owner chain), as {@code ClusterObject} JSON. Dry-run decides without recording.
 * {@code latestVersion}: the target workload's latest pod version (§1.4) as the next sync would read it,
 * null when unknown (an admitted pod is then taken to be of the latest version); it decides the
 * initial deletion cost of an admitted pod. Answers a {@code List<AdmissionOutcome>} in the order of {@code pods}.
 */
public record AdmitPods(@TargetAggregateIdentifier String id, List<PodToAdmit> pods, List<JsonNode> clusterObjects,
                        Instant now, boolean dryRun, String latestVersion) {
    public AdmitPods {
        pods = List.copyOf(pods);
        clusterObjects = List.copyOf(clusterObjects);
    }

    /** Without a known latest version. */
    public AdmitPods(String id, List<PodToAdmit> pods, List<JsonNode> clusterObjects, Instant now, boolean dryRun) {
        this(id, pods, clusterObjects, now, dryRun, null);
    }
}
