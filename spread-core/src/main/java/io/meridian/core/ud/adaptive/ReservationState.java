package io.meridian.core.ud.adaptive;

import static io.meridian.core.ud.adaptive.DefaultAdaptiveState.REASON_RESCHEDULE;
import static io.meridian.core.ud.adaptive.DefaultAdaptiveState.schedulable;

import io.meridian.core.ud.model.AdaptiveSettings;
import io.meridian.core.ud.model.Conditions;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Pre- and post-processing for Adaptive with reserveUnschedulablePods (§2.6): pods are marked reserved or
 * released with {@link ReservedPodCheck}, and a subset with reserved pods is unschedulable.
 */
public final class ReservationState {
    public static final String MESSAGE_RESERVED_FOUND = "reserved pods found";
    public static final String MESSAGE_NO_RESERVED = "no reserved pods";
    public static final String MESSAGE_RECOVERED_SCALED_UP = "subset just recovered scaled up";
    public static final String REASON_CREATED = "created";
    public static final String MESSAGE_CREATED = "newly-created subsets in reservation strategy";

    private ReservationState() {
    }

    /**
     * @param updatedRevision                the subset's updated revision
     * @param updatedConditionLastTransition when the UD's UnitedDeploymentUpdated condition last changed
     */
    public static AdaptiveSubsetState evaluate(SubsetObservation subset, AdaptiveSettings settings,
                                               String updatedRevision, Instant updatedConditionLastTransition,
                                               Instant now) {
        boolean marked = subset.isMarkedUnschedulable();
        Duration pendingTimeout = Duration.ofSeconds(settings.effectiveRescheduleCriticalSeconds());
        Duration minReady = Duration.ofSeconds(settings.effectiveUnschedulableDuration());
        Map<String, String> labels = new TreeMap<>();
        int reserved = 0;
        int updateTimeouts = 0;
        Optional<Duration> requeue = Optional.empty();
        for (PodSnapshot pod : subset.pods()) {
            if (marked && !pod.hasReservedLabel()) {
                reserved++;
                labels.put(pod.name(), "true");
                continue;
            }
            ReservedPodStatus status = ReservedPodCheck.check(pod, updatedRevision, updatedConditionLastTransition,
                    pendingTimeout, minReady, now);
            reserved += status.reserved() ? 1 : 0;
            updateTimeouts += status.updateTimeoutPodsIncrement();
            requeue = AdaptiveSubsetState.earliest(requeue, status.nextCheckAfter());
            if (!pod.hasReservedLabel() || status.reserved() != pod.isMarkedReserved()) {
                labels.put(pod.name(), Boolean.toString(status.reserved()));
            }
        }
        boolean unschedulable = reserved > 0;
        var condition = unschedulable
                ? schedulable(Conditions.FALSE, REASON_RESCHEDULE, MESSAGE_RESERVED_FOUND, now)
                : schedulable(Conditions.TRUE, REASON_RESCHEDULE, MESSAGE_NO_RESERVED, now);
        return new AdaptiveSubsetState(subset.name(), unschedulable, marked, reserved, 0, updateTimeouts,
                Optional.of(condition), labels, requeue);
    }

    /**
     * A subset that was marked, is schedulable again and is scaled up goes back to False, so its new pods
     * start out reserved until they prove healthy.
     */
    public static AdaptiveSubsetState afterAllocation(AdaptiveSubsetState state, int nextReplicas, int specReplicas,
                                                      Instant now) {
        if (!state.unschedulable() && state.markedAsUnschedulable() && nextReplicas > specReplicas) {
            return state.withSchedulable(
                    schedulable(Conditions.FALSE, REASON_RESCHEDULE, MESSAGE_RECOVERED_SCALED_UP, now));
        }
        return state;
    }

    /** The condition a subset added to an existing reserving UD starts with. */
    public static io.fabric8.kubernetes.api.model.Condition newlyCreated(Instant now) {
        return schedulable(Conditions.FALSE, REASON_CREATED, MESSAGE_CREATED, now);
    }
}
