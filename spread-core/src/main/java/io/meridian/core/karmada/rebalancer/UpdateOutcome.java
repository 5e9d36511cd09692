package io.meridian.core.karmada.rebalancer;

/** What UPDATE of a binding returned (or will return, when the caller knows it up front). */
public enum UpdateOutcome {
    Applied,
    /** The binding disappeared between GET and UPDATE: the entry fails like a missing binding. */
    NotFound,
    /** Any other error: the entry is retried. */
    Failed
}
