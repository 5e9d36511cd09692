package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;

/**
 * The next assignment of a make-before-break rebalance.
 *
 * @param desired        the assignment to apply now, by cluster name, clusters with 0 left out
 * @param complete       the target is in place and every replica of it is ready
 * @param availableFloor the available replicas this rebalance never goes below
 */
public record MakeBeforeBreakStep(List<TargetCluster> desired, boolean complete, int availableFloor) {
    public MakeBeforeBreakStep {
        desired = List.copyOf(desired);
    }
}
