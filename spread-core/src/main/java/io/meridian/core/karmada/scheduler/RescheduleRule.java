package io.meridian.core.karmada.scheduler;

import java.time.Instant;

/** §2.6 condition 3: when a recorded trigger asks the scheduler for a fresh reschedule. */
public final class RescheduleRule {
    private RescheduleRule() {
    }

    /**
     * True when both times are set and the trigger is strictly after the last successful schedule. With no
     * successful schedule yet the trigger has no effect: the first schedule is pending anyway.
     */
    public static boolean required(Instant rescheduleTriggeredAt, Instant lastScheduledTime) {
        return rescheduleTriggeredAt != null && lastScheduledTime != null
                && rescheduleTriggeredAt.isAfter(lastScheduledTime);
    }
}
