package io.meridian.command.rebalancer.api;

import io.meridian.core.karmada.rebalancer.WorkloadReference;

/**
 * A request the dispatcher sends for one observed workload: a RescheduleBinding / RescheduleUnitedDeployment, or
 * with {@code dryRun} a PlanBindingReschedule / PlanUnitedDeploymentReschedule, to the aggregate {@code targetId}.
 */
public record RescheduleRequest(WorkloadReference workload, TargetType targetType, String targetId, boolean dryRun,
                                boolean preserveAvailable) {
    public enum TargetType { Binding, UnitedDeployment }
}
