package io.meridian.core.ud.adaptive;

import java.time.Duration;
import java.time.Instant;

/**
 * CheckPodReallyInReservedStatus (§2.6). {@code pendingTimeout} is rescheduleCriticalSeconds and
 * {@code minReady} is unschedulableDuration. All comparisons with {@code now} are strict.
 */
public final class ReservedPodCheck {

    private ReservedPodCheck() {
    }

    /**
     * @param updatedConditionLastTransition when the UD's {@code UnitedDeploymentUpdated} condition last
     *                                       changed (the zero time when it never did)
     */
    public static ReservedPodStatus check(PodSnapshot pod, String subsetUpdatedRevision,
                                          Instant updatedConditionLastTransition, Duration pendingTimeout,
                                          Duration minReady, Instant now) {
        if (pod.isMarkedReserved()) {
            return checkMarked(pod, subsetUpdatedRevision, minReady, now);
        }
        if (pod.revision().equals(subsetUpdatedRevision)) {
            return checkPendingTimeout(pod, pendingTimeout, minReady, now);
        }
        return checkUpdateTimeout(pod, updatedConditionLastTransition, pendingTimeout, minReady, now);
    }

    /** A reserved pod is released once it has been Ready on the updated revision for minReady. */
    private static ReservedPodStatus checkMarked(PodSnapshot pod, String updatedRevision, Duration minReady,
                                                 Instant now) {
        boolean readyOnUpdatedRevision = PodSnapshot.RUNNING.equals(pod.phase())
                && pod.revision().equals(updatedRevision);
        var ready = pod.condition("Ready").filter(c -> "True".equals(c.status()));
        if (!readyOnUpdatedRevision || ready.isEmpty()) {
            return ReservedPodStatus.reserved(minReady);
        }
        Instant end = ready.get().effectiveLastTransitionTime().plus(minReady);
        return end.isBefore(now) ? ReservedPodStatus.notReserved()
                : ReservedPodStatus.reserved(Duration.between(now, end));
    }

    private static ReservedPodStatus checkPendingTimeout(PodSnapshot pod, Duration pendingTimeout, Duration minReady,
                                                         Instant now) {
        if (pod.isTerminating() || !pod.isUnschedulablePending()) {
            return ReservedPodStatus.notReserved();
        }
        Instant end = pod.creationTimestamp().plus(pendingTimeout);
        return end.isBefore(now) ? ReservedPodStatus.reserved(minReady)
                : ReservedPodStatus.notReservedYet(Duration.between(now, end));
    }

    /** An old-revision pod during an update counts as reserved once the update has run past the timeout. */
    private static ReservedPodStatus checkUpdateTimeout(PodSnapshot pod, Instant updatedConditionLastTransition,
                                                        Duration pendingTimeout, Duration minReady, Instant now) {
        if (pod.isTerminating()) {
            return ReservedPodStatus.notReserved();
        }
        Instant end = updatedConditionLastTransition.plus(pendingTimeout);
        return end.isBefore(now) ? ReservedPodStatus.reservedAfterUpdateTimeout(minReady)
                : ReservedPodStatus.notReservedYet(Duration.between(now, end));
    }
}
