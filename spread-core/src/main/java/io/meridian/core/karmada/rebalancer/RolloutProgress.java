package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;

/**
 * Where a make-before-break rebalance of one binding stands ({@code preserveAvailable}).
 *
 * @param target           the assignment the fresh reschedule chose
 * @param ready            ready replicas per member cluster
 * @param availableAtStart the workload's available replicas when the rebalance began
 */
public record RolloutProgress(List<TargetCluster> target, List<TargetCluster> ready, int availableAtStart) {
    public RolloutProgress {
        target = List.copyOf(target);
        ready = List.copyOf(ready);
    }
}
