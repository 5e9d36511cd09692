package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.KubeTimes;
import io.meridian.core.k8s.Pods;
import io.meridian.core.ws.model.AdaptiveStrategy;
import io.meridian.core.ws.model.ScheduleStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Adaptive strategy (§1.10, Meridian §5): a subset whose pods cannot be scheduled is marked
 * unschedulable for a while and those pods are deleted, so that the workload recreates them and
 * the webhook sends them elsewhere.
 */
public final class AdaptiveRescheduling {
    private final Duration criticalAge;
    private final Duration unschedulableWindow;

    private AdaptiveRescheduling(Duration criticalAge, Duration unschedulableWindow) {
        this.criticalAge = criticalAge;
        this.unschedulableWindow = unschedulableWindow;
    }

    /** Present only for {@code Adaptive} with {@code rescheduleCriticalSeconds > 0}. */
    public static Optional<AdaptiveRescheduling> of(ScheduleStrategy strategy) {
        if (strategy == null || !strategy.isAdaptive() || strategy.adaptive() == null) {
            return Optional.empty();
        }
        AdaptiveStrategy adaptive = strategy.adaptive();
        Integer critical = adaptive.rescheduleCriticalSeconds();
        if (critical == null || critical <= 0) {
            return Optional.empty();
        }
        return Optional.of(new AdaptiveRescheduling(Duration.ofSeconds(critical),
                Duration.ofSeconds(adaptive.effectiveUnschedulableSeconds())));
    }

    /** The new condition of one subset and the pods to delete from it. */
    public record Outcome(Condition condition, List<Pod> scheduleFailedPods) {
    }

    Outcome evaluate(String subset, List<Pod> pods, Optional<Condition> old, boolean lastSubset, Instant now,
                     SyncJournal journal) {
        if (lastSubset) {
            return new Outcome(sufficient(old, now), List.of());
        }
        List<Pod> failed = scheduleFailed(pods, now, journal);
        if (!failed.isEmpty()) {
            return new Outcome(SchedulableConditions.set(old, "False", SchedulableConditions.REASON_POD_UNSCHEDULABLE, now), failed);
        }
        if (old.isEmpty()) {
            return new Outcome(sufficient(old, now), List.of());
        }
        if (!SchedulableConditions.isFalse(old)) {
            return new Outcome(old.get(), List.of());
        }
        return new Outcome(recoverOrWait(subset, old.get(), now, journal), List.of());
    }

    private Condition recoverOrWait(String subset, Condition old, Instant now, SyncJournal journal) {
        Instant since = KubeTimes.parse(old.getLastTransitionTime()).orElse(Instant.EPOCH);
        Instant recoverAt = since.plus(unschedulableWindow);
        if (recoverAt.isBefore(now)) {
            journal.raise(ControllerEvent.recoverSchedulable(subset));
            return sufficient(Optional.of(old), now);
        }
        journal.requeueAfter(Duration.between(now, recoverAt));
        return old;
    }

    private static Condition sufficient(Optional<Condition> old, Instant now) {
        return SchedulableConditions.set(old, "True", SchedulableConditions.REASON_SUFFICIENT, now);
    }

    private List<Pod> scheduleFailed(List<Pod> pods, Instant now, SyncJournal journal) {
        List<Pod> failed = new ArrayList<>();
        for (Pod pod : pods) {
            if (!isWaitingForNode(pod)) {
                continue;
            }
            Instant deadline = Pods.creationTime(pod).orElse(Instant.EPOCH).plus(criticalAge);
            if (deadline.isBefore(now)) {
                failed.add(pod);
            } else {
                journal.requeueAfter(Duration.between(now, deadline));
            }
        }
        return failed;
    }

    /** Pending, unbound, not terminating, and the scheduler said it does not fit anywhere. */
    private static boolean isWaitingForNode(Pod pod) {
        return !Pods.isTerminating(pod) && "Pending".equals(Pods.phase(pod)) && Pods.nodeName(pod).isEmpty()
                && Pods.condition(pod, "PodScheduled")
                .map(c -> "False".equals(c.getStatus()) && "Unschedulable".equals(c.getReason()))
                .orElse(false);
    }
}
