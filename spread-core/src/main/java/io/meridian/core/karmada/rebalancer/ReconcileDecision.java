package io.meridian.core.karmada.rebalancer;

import java.util.List;

/**
 * The outcome of one reconcile, in the order the controller applies it: binding updates (made during step 2),
 * then the status write when {@code writeStatus}, then {@code next}.
 */
public record ReconcileDecision(List<BindingUpdate> bindingUpdates, WorkloadRebalancerStatus status,
                                boolean writeStatus, NextStep next) {
    public ReconcileDecision {
        bindingUpdates = List.copyOf(bindingUpdates);
    }

    public boolean deletes() {
        return next instanceof NextStep.Delete;
    }
}
