package io.meridian.core.karmada.scheduler;

/**
 * What the scheduler worker knows about a binding when it decides whether to schedule it.
 *
 * @param placementChanged              placement differs from the applied-placement annotation
 * @param workload                      false for non-workloads (replicas 0 and no components)
 * @param targetClusterDeleting         some cluster in {@code spec.clusters} is being deleted
 * @param multiplePodTemplatesScheduling the alpha feature gate
 */
public record ScheduleCheckInput(BindingState binding, boolean placementChanged, boolean workload,
                                 boolean targetClusterDeleting, boolean multiplePodTemplatesScheduling) {

    /** The first check of §2.6 that holds; {@link ScheduleTrigger#None} when none does. */
    public ScheduleTrigger firstTrigger() {
        if (placementChanged) {
            return ScheduleTrigger.PlacementChanged;
        }
        if (ReplicasChangedRule.changed(binding, multiplePodTemplatesScheduling)) {
            return ScheduleTrigger.ReplicasChanged;
        }
        if (binding.rescheduleRequired()) {
            return ScheduleTrigger.RescheduleRequired;
        }
        if (!workload || binding.placement().isDuplicated()) {
            return ScheduleTrigger.AlwaysRescheduled;
        }
        return targetClusterDeleting ? ScheduleTrigger.TargetClusterDeleting : ScheduleTrigger.None;
    }

    /** The mode replica assignment runs in if the binding is scheduled now. */
    public AssignmentMode assignmentMode() {
        return AssignmentMode.of(binding);
    }
}
