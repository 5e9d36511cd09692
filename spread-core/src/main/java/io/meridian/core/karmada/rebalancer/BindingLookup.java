package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.scheduler.BindingState;

/** The result of GETting a workload's binding. */
public sealed interface BindingLookup {
    /**
     * @param rollout progress of a make-before-break rebalance of this binding; null when none is known
     */
    record Found(BindingState binding, RolloutProgress rollout) implements BindingLookup {
    }

    record NotFound() implements BindingLookup {
    }

    /** Any error other than NotFound: the entry is retried. */
    record Failed(String message) implements BindingLookup {
    }

    static BindingLookup found(BindingState binding) {
        return new Found(binding, null);
    }

    static BindingLookup found(BindingState binding, RolloutProgress rollout) {
        return new Found(binding, rollout);
    }

    static BindingLookup notFound() {
        return new NotFound();
    }

    static BindingLookup failed(String message) {
        return new Failed(message);
    }
}
