package io.meridian.core.karmada.rebalancer;

import java.time.Duration;

/** What the controller does after applying a reconcile decision. */
public sealed interface NextStep {
    /** Nothing more until the spec changes. */
    record Done() implements NextStep {
    }

    /** Return an error: the work queue requeues with the rate limiter's backoff. */
    record RequeueWithBackoff(String error) implements NextStep {
    }

    /** Requeue after a delay, without an error. */
    record RequeueAfter(Duration delay) implements NextStep {
    }

    /** Delete the rebalancer, on condition that its resourceVersion is still this one. */
    record Delete(String resourceVersionPrecondition) implements NextStep {
    }

    static NextStep done() {
        return new Done();
    }

    static NextStep requeueWithBackoff(String error) {
        return new RequeueWithBackoff(error);
    }

    static NextStep requeueAfter(Duration delay) {
        return new RequeueAfter(delay);
    }

    static NextStep delete(String resourceVersion) {
        return new Delete(resourceVersion);
    }
}
