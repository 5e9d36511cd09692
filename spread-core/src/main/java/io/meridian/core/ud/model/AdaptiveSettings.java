package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/** {@code topology.scheduleStrategy.adaptive}; nulls are unset (see {@link UnitedDeploymentDefaults}). */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AdaptiveSettings(Integer rescheduleCriticalSeconds, Integer unschedulableDuration,
                               Boolean reserveUnschedulablePods) {
    public static final int DEFAULT_RESCHEDULE_CRITICAL_SECONDS = 30;
    public static final int DEFAULT_UNSCHEDULABLE_DURATION = 300;
    public static final AdaptiveSettings DEFAULTS = new AdaptiveSettings(
            DEFAULT_RESCHEDULE_CRITICAL_SECONDS, DEFAULT_UNSCHEDULABLE_DURATION, false);

    public int effectiveRescheduleCriticalSeconds() {
        return rescheduleCriticalSeconds == null ? DEFAULT_RESCHEDULE_CRITICAL_SECONDS : rescheduleCriticalSeconds;
    }

    public int effectiveUnschedulableDuration() {
        return unschedulableDuration == null ? DEFAULT_UNSCHEDULABLE_DURATION : unschedulableDuration;
    }

    public boolean reserves() {
        return Boolean.TRUE.equals(reserveUnschedulablePods);
    }
}
