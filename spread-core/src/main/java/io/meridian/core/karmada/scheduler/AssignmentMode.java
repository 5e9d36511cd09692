package io.meridian.core.karmada.scheduler;

import java.time.Instant;

/** How replica assignment treats the previous result. */
public enum AssignmentMode {
    /** Keep what can be kept of the previous assignment (the normal case). */
    Steady,
    /** Ignore the previous assignment and divide afresh. */
    Fresh;

    /**
     * Fresh exactly when a reschedule is required at the moment of assignment, whatever started the schedule
     * (a placement or replica change while the trigger is pending also runs Fresh).
     */
    public static AssignmentMode at(Instant rescheduleTriggeredAt, Instant lastScheduledTime) {
        return RescheduleRule.required(rescheduleTriggeredAt, lastScheduledTime) ? Fresh : Steady;
    }

    public static AssignmentMode of(BindingState binding) {
        return at(binding.rescheduleTriggeredAt(), binding.lastScheduledTime());
    }
}
