package io.meridian.core.karmada.rebalancer;

import java.time.Duration;

/**
 * The per-object backoff for {@link NextStep.RequeueWithBackoff}: the work queue's usual exponential rule, 5 ms
 * doubled per consecutive failure, capped at 1000 s. A success resets the count.
 */
public final class ReconcileBackoff {
    static final Duration BASE = Duration.ofMillis(5);
    static final Duration CAP = Duration.ofSeconds(1000);

    private ReconcileBackoff() {
    }

    /** The delay before the next attempt after {@code consecutiveFailures} failures in a row (1 for the first). */
    public static Duration delay(int consecutiveFailures) {
        int doublings = Math.max(consecutiveFailures - 1, 0);
        if (doublings >= 30) {
            return CAP;
        }
        Duration delay = BASE.multipliedBy(1L << doublings);
        return delay.compareTo(CAP) > 0 ? CAP : delay;
    }
}
