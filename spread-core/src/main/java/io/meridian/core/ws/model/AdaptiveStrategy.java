package io.meridian.core.ws.model;

/**
 * Adaptive scheduling settings. {@code unschedulableSeconds} is Meridian's extension (default 300).
 */
public record AdaptiveStrategy(boolean disableSimulationSchedule, Integer rescheduleCriticalSeconds,
                               Integer unschedulableSeconds) {
    public static final int DEFAULT_UNSCHEDULABLE_SECONDS = 300;

    public int effectiveUnschedulableSeconds() {
        return unschedulableSeconds == null ? DEFAULT_UNSCHEDULABLE_SECONDS : unschedulableSeconds;
    }
}
