package io.meridian.command.rebalancer;

import io.meridian.command.federation.api.BindingApi;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.rebalancer.api.RescheduleRequest.TargetType;
import io.meridian.command.ud.api.UnitedDeploymentApi;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import io.meridian.core.karmada.scheduler.BindingKind;

/** Which aggregate answers for a workload a rebalancer names: its binding, or the UnitedDeployment itself. */
public final class RebalancerTargets {
    private RebalancerTargets() {
    }

    /** A UnitedDeployment lives in the host cluster {@code hostCluster}; any other kind has a binding. */
    public static RescheduleRequest request(WorkloadReference workload, String hostCluster, boolean dryRun,
                                            boolean preserveAvailable) {
        if (BindingKind.UnitedDeployment.name().equals(workload.kind())) {
            return new RescheduleRequest(workload, TargetType.UnitedDeployment,
                    UnitedDeploymentApi.aggregateId(hostCluster, workload.namespace(), workload.name()), dryRun,
                    preserveAvailable);
        }
        return new RescheduleRequest(workload, TargetType.Binding,
                BindingApi.aggregateId(workload.namespace(), workload.kind(), workload.name()), dryRun,
                preserveAvailable);
    }

    public static String targetId(WorkloadReference workload, String hostCluster) {
        return request(workload, hostCluster, false, false).targetId();
    }
}
