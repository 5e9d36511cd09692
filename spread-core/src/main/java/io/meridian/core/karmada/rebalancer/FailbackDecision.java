package io.meridian.core.karmada.rebalancer;

import java.time.Instant;

/** Whether a failback (extensions §6) asks for a fresh reschedule now. */
public sealed interface FailbackDecision {
    /** No {@code failback.stabilizationSeconds}: failback is off. */
    record Off() implements FailbackDecision {
    }

    /** The cluster is not healthy; nothing to wait for until it is. */
    record NotHealthy() implements FailbackDecision {
    }

    /** Healthy, not yet for long enough: look again at {@code checkAt}. */
    record Wait(Instant checkAt) implements FailbackDecision {
    }

    /**
     * Stable long enough: set the binding's rescheduleTriggeredAt to {@code triggerAt} (now, so that it is newer than
     * any schedule made in between). Any trigger at or after the moment the cluster became stable counts as this
     * healthy period's, so one healthy period triggers once.
     */
    record Due(Instant triggerAt) implements FailbackDecision {
    }

    /** This healthy period has already triggered its reschedule. */
    record AlreadyTriggered() implements FailbackDecision {
    }
}
