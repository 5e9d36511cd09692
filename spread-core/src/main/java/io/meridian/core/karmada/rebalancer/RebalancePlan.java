package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;

/** Meridian addition (dry run): the assignment before and the one a fresh reschedule would make. */
public record RebalancePlan(List<TargetCluster> before, List<TargetCluster> after) {
    public RebalancePlan {
        before = before == null ? List.of() : List.copyOf(before);
        after = after == null ? List.of() : List.copyOf(after);
    }
}
