package io.meridian.core.ud.adaptive;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.ud.model.AdaptiveSettings;
import io.meridian.core.ud.model.Conditions;
import io.meridian.core.ud.model.UdSubsetStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Pre-processing for default Adaptive (§2.6): a subset stays unschedulable for unschedulableDuration after
 * its condition went False, and becomes unschedulable when pods have been pending unschedulable for longer
 * than rescheduleCriticalSeconds. Pending pods are not deleted; they go with the subset's scale-down.
 */
public final class DefaultAdaptiveState {
    public static final String REASON_RECOVER = "recover";
    public static final String REASON_RESCHEDULE = "reschedule";
    public static final String MESSAGE_TIMEOUT_PENDING = "timeout pending pods found";

    private DefaultAdaptiveState() {
    }

    public static AdaptiveSubsetState evaluate(SubsetObservation subset, AdaptiveSettings settings, Instant now) {
        Duration window = Duration.ofSeconds(settings.effectiveUnschedulableDuration());
        boolean unschedulable = false;
        Optional<Condition> condition = Optional.empty();
        Optional<Duration> requeue = Optional.empty();
        if (subset.isMarkedUnschedulable()) {
            Instant end = Conditions.lastTransition(subset.schedulable().get()).plus(window);
            if (now.isBefore(end)) {
                unschedulable = true;
                requeue = Optional.of(Duration.between(now, end));
            } else {
                condition = Optional.of(schedulable(Conditions.TRUE, REASON_RECOVER, "", now));
            }
        }
        int pending = subset.readyReplicas() < subset.statusReplicas()
                ? countTimedOutPending(subset, settings.effectiveRescheduleCriticalSeconds(), now) : 0;
        if (pending > 0) {
            unschedulable = true;
            condition = Optional.of(schedulable(Conditions.FALSE, REASON_RESCHEDULE, MESSAGE_TIMEOUT_PENDING, now));
            requeue = Optional.of(window);
        }
        return new AdaptiveSubsetState(subset.name(), unschedulable, subset.isMarkedUnschedulable(), 0, pending, 0,
                condition, Map.of(), requeue);
    }

    private static int countTimedOutPending(SubsetObservation subset, int rescheduleCriticalSeconds, Instant now) {
        return (int) subset.pods().stream()
                .filter(PodSnapshot::isUnschedulablePending)
                .filter(pod -> pod.creationTimestamp().plusSeconds(rescheduleCriticalSeconds).isBefore(now))
                .count();
    }

    static Condition schedulable(String status, String reason, String message, Instant now) {
        return Conditions.of(UdSubsetStatus.SCHEDULABLE, status, reason, message, now);
    }
}
