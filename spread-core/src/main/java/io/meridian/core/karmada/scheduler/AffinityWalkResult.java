package io.meridian.core.karmada.scheduler;

import io.meridian.core.karmada.model.TargetCluster;
import java.time.Instant;
import java.util.List;

/**
 * What scheduling over {@code clusterAffinities} did to a binding.
 *
 * @param termsTried              affinity names in the order they were tried
 * @param clustersAfter           {@code spec.clusters} after the walk
 * @param clustersWritten         whether {@code spec.clusters} is written (success, or cleared after a fit error)
 * @param observedAffinityName    the recorded term after the walk
 * @param affinityNameWritten     whether a status write of the recorded term is needed
 * @param error                   the first failure's message when every tried term failed, else empty
 */
public record AffinityWalkResult(List<String> termsTried, List<TargetCluster> clustersAfter, boolean clustersWritten,
                                 String observedAffinityName, boolean affinityNameWritten, String error) {
    public AffinityWalkResult {
        termsTried = List.copyOf(termsTried);
        clustersAfter = List.copyOf(clustersAfter);
    }

    public boolean succeeded() {
        return error.isEmpty();
    }

    /**
     * The binding after the walk. A success also sets {@code lastScheduledTime} to now, which serves any pending
     * reschedule trigger; a failure leaves it as it was.
     */
    public BindingState applyTo(BindingState binding, Instant now) {
        return new BindingState(binding.key(), binding.workloadUid(), binding.replicas(), binding.componentCount(),
                clustersAfter, binding.placement(), binding.rescheduleTriggeredAt(),
                succeeded() ? now : binding.lastScheduledTime(), observedAffinityName);
    }
}
