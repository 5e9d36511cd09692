package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.scheduler.BindingState;
import java.util.List;

/** Assigns a binding's replicas as a fresh reschedule would (division in Fresh mode); used by dry runs. */
@FunctionalInterface
public interface FreshPlanner {
    /** For contexts that never dry-run: plans that nothing moves. */
    FreshPlanner KEEP_CURRENT = BindingState::clusters;

    List<TargetCluster> assignFresh(BindingState binding);
}
