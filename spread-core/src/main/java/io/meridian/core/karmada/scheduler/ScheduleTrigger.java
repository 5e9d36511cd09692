package io.meridian.core.karmada.scheduler;

/** Why the scheduler schedules a binding, in the order the checks are made (§2.6). */
public enum ScheduleTrigger {
    /** The placement differs from the applied-placement annotation (ReconcileSchedule). */
    PlacementChanged,
    /** The replicas no longer match the clusters (ScaleSchedule). */
    ReplicasChanged,
    /** A recorded reschedule trigger is newer than the last successful schedule. */
    RescheduleRequired,
    /** Non-workloads and Duplicated workloads are always rescheduled. */
    AlwaysRescheduled,
    /** A target cluster is being deleted. */
    TargetClusterDeleting,
    /** Nothing to do but synchronise {@code schedulerObservedGeneration}. */
    None;

    public boolean schedules() {
        return this != None;
    }
}
