package io.meridian.core.karmada.rebalancer;

import java.time.Instant;

/**
 * Extensions §6: once a recovered cluster has been healthy for {@code stabilizationSeconds}, a fresh reschedule
 * runs on its own, as if a WorkloadRebalancer had named the workload.
 */
public final class FailbackTimer {
    private FailbackTimer() {
    }

    /**
     * @param healthySince          since when the cluster has been continuously healthy; null when it is not
     * @param stabilizationSeconds  {@code failback.stabilizationSeconds}; null turns failback off
     * @param rescheduleTriggeredAt the binding's current trigger, null when unset
     */
    public static FailbackDecision evaluate(Instant healthySince, Integer stabilizationSeconds,
                                            Instant rescheduleTriggeredAt, Instant now) {
        if (stabilizationSeconds == null) {
            return new FailbackDecision.Off();
        }
        if (healthySince == null) {
            return new FailbackDecision.NotHealthy();
        }
        Instant stableAt = healthySince.plusSeconds(Math.max(stabilizationSeconds, 0));
        if (now.isBefore(stableAt)) {
            return new FailbackDecision.Wait(stableAt);
        }
        boolean triggered = rescheduleTriggeredAt != null && !rescheduleTriggeredAt.isBefore(stableAt);
        return triggered ? new FailbackDecision.AlreadyTriggered() : new FailbackDecision.Due(now);
    }
}
