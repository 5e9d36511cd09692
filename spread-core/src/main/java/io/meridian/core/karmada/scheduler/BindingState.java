package io.meridian.core.karmada.scheduler;

import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.TargetCluster;
import java.time.Instant;
import java.util.List;

/**
 * The state of a ResourceBinding / ClusterResourceBinding (or, for a UnitedDeployment, of the UnitedDeployment
 * itself) that the rebalancer and the scheduler's trigger checks read.
 *
 * @param componentCount how many entries {@code spec.components} has (multi-template workloads)
 */
public record BindingState(BindingKey key, String workloadUid, int replicas, int componentCount,
                           List<TargetCluster> clusters, Placement placement,
                           Instant rescheduleTriggeredAt, Instant lastScheduledTime,
                           String schedulerObservedAffinityName) {
    public BindingState {
        workloadUid = workloadUid == null ? "" : workloadUid;
        clusters = clusters == null ? List.of() : List.copyOf(clusters);
        placement = placement == null ? Placement.NONE : placement;
        schedulerObservedAffinityName = schedulerObservedAffinityName == null ? "" : schedulerObservedAffinityName;
    }

    /** A binding with only the fields the rebalancer's trigger step reads. */
    public static BindingState triggerView(BindingKey key, Instant rescheduleTriggeredAt, Instant lastScheduledTime) {
        return new BindingState(key, "", 0, 0, List.of(), Placement.NONE, rescheduleTriggeredAt,
                lastScheduledTime, "");
    }

    public BindingState withRescheduleTriggeredAt(Instant triggeredAt) {
        return new BindingState(key, workloadUid, replicas, componentCount, clusters, placement, triggeredAt,
                lastScheduledTime, schedulerObservedAffinityName);
    }

    /** §2.6 condition 3: a fresh reschedule has been asked for and not yet served. */
    public boolean rescheduleRequired() {
        return RescheduleRule.required(rescheduleTriggeredAt, lastScheduledTime);
    }
}
