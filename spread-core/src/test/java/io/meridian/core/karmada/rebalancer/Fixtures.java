package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.scheduler.BindingKey;
import io.meridian.core.karmada.scheduler.BindingState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Small builders shared by the rebalancer tests. */
final class Fixtures {
    static final Instant NOW = Instant.parse("2026-08-01T12:00:00Z");
    static final Instant HOUR_AGO = NOW.minusSeconds(3600);
    static final Instant MINUTE_AGO = NOW.minusSeconds(60);

    private Fixtures() {
    }

    static WorkloadReference deployment(String name) {
        return new WorkloadReference("apps/v1", "Deployment", "test-ns", name);
    }

    static WorkloadReference clusterRole(String name) {
        return new WorkloadReference("rbac.authorization.k8s.io/v1", "ClusterRole", "", name);
    }

    static WorkloadRebalancer rebalancer(Instant created, List<WorkloadReference> workloads, Integer ttl,
                                         WorkloadRebalancerStatus status) {
        return rebalancer(created, WorkloadRebalancerSpec.of(workloads, ttl), status);
    }

    static WorkloadRebalancer rebalancer(Instant created, WorkloadRebalancerSpec spec,
                                         WorkloadRebalancerStatus status) {
        return WorkloadRebalancer.of(new RebalancerMetadata("rb", created, 3, "42"), spec, status);
    }

    static WorkloadRebalancerStatus status(Instant finishTime, ObservedWorkload... entries) {
        return new WorkloadRebalancerStatus(List.of(entries), 3, finishTime);
    }

    static BindingState binding(WorkloadReference workload, Instant triggeredAt, Instant lastScheduled) {
        return BindingState.triggerView(workload.bindingKey(), triggeredAt, lastScheduled);
    }

    /** A context in which exactly the given bindings exist. */
    static ReconcileContext existing(BindingState... bindings) {
        Map<BindingKey, BindingLookup> lookups = new TreeMap<>();
        for (BindingState b : bindings) {
            lookups.put(b.key(), BindingLookup.found(b));
        }
        return ReconcileContext.of(lookups);
    }
}
