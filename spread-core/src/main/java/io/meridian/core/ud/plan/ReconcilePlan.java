package io.meridian.core.ud.plan;

import io.meridian.core.ud.model.UnitedDeploymentStatus;
import io.meridian.core.ud.render.RenderedWorkload;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The decision of one reconcile: which workloads to create, update (named manifests) and delete, which pod
 * labels to write, the next replicas and partitions per subset, the status to write (in the UD's version
 * shape; empty when nothing is to be written) and when to reconcile again.
 */
public record ReconcilePlan(Outcome outcome, Map<String, Integer> nextReplicas, Map<String, Integer> partitions,
                            List<RenderedWorkload> creates, List<RenderedWorkload> updates,
                            List<WorkloadDeletion> deletions, List<PodLabelChange> podLabels,
                            Optional<UnitedDeploymentStatus> status, Optional<Duration> requeueAfter, List<UdEvent> events) {
    public enum Outcome {
        /** The UD is being deleted: nothing to do. */
        SKIPPED_DELETING,
        /** The last status write has not been observed yet: try again in a second. */
        WAITING_FOR_STATUS,
        /** The allocator or the template rejected the input: nothing changes, an event explains why. */
        REJECTED,
        PLANNED
    }

    public static final Duration STATUS_EXPECTATION_REQUEUE = Duration.ofSeconds(1);

    public ReconcilePlan {
        nextReplicas = Collections.unmodifiableMap(new LinkedHashMap<>(nextReplicas));
        partitions = Collections.unmodifiableMap(new LinkedHashMap<>(partitions));
        creates = List.copyOf(creates);
        updates = List.copyOf(updates);
        deletions = List.copyOf(deletions);
        podLabels = List.copyOf(podLabels);
        events = List.copyOf(events);
    }

    static ReconcilePlan skippedDeleting() {
        return nothing(Outcome.SKIPPED_DELETING, Optional.empty(), List.of());
    }

    static ReconcilePlan waitingForStatus() {
        return nothing(Outcome.WAITING_FOR_STATUS, Optional.of(STATUS_EXPECTATION_REQUEUE), List.of());
    }

    static ReconcilePlan rejected(UdEvent event) {
        return nothing(Outcome.REJECTED, Optional.empty(), List.of(event));
    }

    private static ReconcilePlan nothing(Outcome outcome, Optional<Duration> requeue, List<UdEvent> events) {
        return new ReconcilePlan(outcome, Map.of(), Map.of(), List.of(), List.of(), List.of(), List.of(), Optional.empty(),
                requeue, events);
    }
}
