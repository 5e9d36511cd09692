package io.meridian.core.karmada.model;

/**
 * STEADY follows the previous assignment; FRESH (a reschedule was required, e.g. by a WorkloadRebalancer)
 * uses it only as capacity.
 */
public enum ScheduleMode {
    STEADY, FRESH
}
