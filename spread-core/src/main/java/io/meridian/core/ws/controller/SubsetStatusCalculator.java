package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.Pods;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.PodActivity;
import io.meridian.core.ws.ScaledReplicas;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The status rows of one pod set (all pods, or the pods of one version), §1.9: replicas,
 * missingReplicas, the creating/deleting records still pending, and the Schedulable condition.
 */
final class SubsetStatusCalculator {
    static final Duration CREATE_TIMEOUT = Duration.ofSeconds(30);
    static final Duration DELETE_TIMEOUT = Duration.ofSeconds(15);

    private final List<WorkloadSpreadSubset> subsets;
    private final int workloadReplicas;
    private final Optional<AdaptiveRescheduling> adaptive;
    private final Instant now;

    SubsetStatusCalculator(List<WorkloadSpreadSubset> subsets, int workloadReplicas,
                           Optional<AdaptiveRescheduling> adaptive, Instant now) {
        this.subsets = subsets;
        this.workloadReplicas = workloadReplicas;
        this.adaptive = adaptive;
        this.now = now;
    }

    /** The rows in spec order, or none at all when some subset's maxReplicas cannot be scaled. */
    record Rows(List<SubsetStatus> rows, List<Pod> scheduleFailedPods, boolean abandoned) {
        static Rows abandon() {
            return new Rows(List.of(), List.of(), true);
        }

        /** What decides whether an old version's rows are worth keeping. */
        int pendingWork() {
            return rows.stream().mapToInt(r -> r.replicas() + r.creatingPods().size() + r.deletingPods().size()).sum();
        }
    }

    Rows compute(Map<String, List<Pod>> podsBySubset, List<SubsetStatus> oldRows, SyncJournal journal) {
        List<SubsetStatus> rows = new ArrayList<>();
        List<Pod> failed = new ArrayList<>();
        for (int i = 0; i < subsets.size(); i++) {
            WorkloadSpreadSubset subset = subsets.get(i);
            Optional<Integer> max = maxOf(subset);
            if (max.isEmpty()) {
                return Rows.abandon();
            }
            SubsetStatus old = oldRow(oldRows, subset.name());
            List<Pod> pods = podsBySubset.getOrDefault(subset.name(), List.of());
            SubsetStatus counted = count(subset.name(), max.get(), pods, old, journal);
            List<Condition> conditions = SchedulableConditions.withoutSchedulable(old.conditions());
            if (adaptive.isPresent()) {
                AdaptiveRescheduling.Outcome outcome = adaptive.get().evaluate(subset.name(), pods,
                        SchedulableConditions.find(old.conditions()), i == subsets.size() - 1, now, journal);
                conditions = append(conditions, outcome.condition());
                failed.addAll(outcome.scheduleFailedPods());
            }
            rows.add(new SubsetStatus(counted.name(), counted.replicas(), counted.missingReplicas(),
                    counted.creatingPods(), counted.deletingPods(), conditions));
        }
        return new Rows(rows, failed, false);
    }

    /** -1 for unlimited; empty when the bound cannot be scaled or scales below zero. */
    private Optional<Integer> maxOf(WorkloadSpreadSubset subset) {
        if (subset.maxReplicas() == null) {
            return Optional.of(-1);
        }
        if (ScaledReplicas.of(subset.maxReplicas(), workloadReplicas, true) instanceof ScaledReplicas.Value v
                && v.replicas() >= 0) {
            return Optional.of(v.replicas());
        }
        return Optional.empty();
    }

    private SubsetStatus count(String subset, int max, List<Pod> pods, SubsetStatus old, SyncJournal journal) {
        TreeMap<String, Instant> creating = new TreeMap<>(old.creatingPods());
        TreeMap<String, Instant> deleting = new TreeMap<>();
        int replicas = 0;
        int missing = max;
        for (Pod pod : pods) {
            creating.remove(creatingKey(pod));
            if (!PodActivity.isActive(pod)) {
                continue;
            }
            replicas++;
            if (missing > 0) {
                missing--;
            }
            Instant deletingSince = old.deletingPods().get(Pods.name(pod));
            if (deletingSince != null && stillPending(subset, Pods.name(pod), deletingSince, DELETE_TIMEOUT, false, journal)) {
                deleting.put(Pods.name(pod), deletingSince);
                if (missing < max) {
                    missing++;
                }
            }
        }
        for (Map.Entry<String, Instant> entry : List.copyOf(creating.entrySet())) {
            if (!stillPending(subset, entry.getKey(), entry.getValue(), CREATE_TIMEOUT, true, journal)) {
                creating.remove(entry.getKey());
            } else if (missing > 0) {
                missing--;
            }
        }
        return new SubsetStatus(subset, replicas, missing, creating, deleting, List.of());
    }

    /** A record younger than its timeout stays (and asks for a requeue); an older one is dropped with an event. */
    private boolean stillPending(String subset, String key, Instant since, Duration timeout, boolean creating,
                                 SyncJournal journal) {
        Instant deadline = since.plus(timeout);
        if (deadline.isBefore(now)) {
            journal.raise(creating ? ControllerEvent.createPodFailed(subset, key, timeout.toSeconds())
                    : ControllerEvent.deletePodFailed(subset, key, timeout.toSeconds()));
            return false;
        }
        journal.requeueAfter(Duration.between(now, deadline));
        return true;
    }

    /** The webhook keys a pod created without a name by the uid it wrote into the annotation. */
    private static String creatingKey(Pod pod) {
        return MatchedWorkloadSpread.fromAnnotations(Pods.annotations(pod))
                .map(MatchedWorkloadSpread::uid).filter(uid -> !uid.isEmpty())
                .orElse(Pods.name(pod));
    }

    private static SubsetStatus oldRow(List<SubsetStatus> oldRows, String name) {
        return oldRows.stream().filter(r -> name.equals(r.name())).findFirst()
                .orElse(new SubsetStatus(name, 0, 0, Map.of(), Map.of(), List.of()));
    }

    private static List<Condition> append(List<Condition> conditions, Condition condition) {
        List<Condition> all = new ArrayList<>(conditions);
        all.add(condition);
        return all;
    }
}
