package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code preserveAvailable} (extensions §7): move from the current assignment to the target without the
 * available replicas ever dropping below their level at the start.
 *
 * <p>Each step first raises every cluster to its target (add where first). Surplus replicas are then removed:
 * not-ready ones freely (removing them costs no availability; a scale-down removes not-ready pods first), ready
 * ones only as far as the ready replicas elsewhere keep the total at the floor. The floor is the starting level,
 * capped by the target total (a target smaller than the starting level could never be reached otherwise).
 */
public final class MakeBeforeBreakPlanner {
    private MakeBeforeBreakPlanner() {
    }

    public static MakeBeforeBreakStep nextStep(List<TargetCluster> current, RolloutProgress progress) {
        return nextStep(current, progress.target(), progress.ready(), progress.availableAtStart());
    }

    public static MakeBeforeBreakStep nextStep(List<TargetCluster> current, List<TargetCluster> target,
                                               List<TargetCluster> ready, int availableAtStart) {
        Map<String, Integer> now = byName(current);
        Map<String, Integer> goal = byName(target);
        Map<String, Integer> readyNow = byName(ready);
        int floor = Math.min(availableAtStart, total(goal));

        Map<String, Integer> desired = new TreeMap<>();
        TreeSet<String> names = new TreeSet<>(now.keySet());
        names.addAll(goal.keySet());
        names.forEach(c -> desired.put(c, Math.max(now.getOrDefault(c, 0), goal.getOrDefault(c, 0))));

        int budget = readyUnder(desired, readyNow) - floor;
        for (String c : names) {
            int surplus = desired.get(c) - goal.getOrDefault(c, 0);
            if (surplus <= 0) {
                continue;
            }
            int readyHere = Math.min(readyNow.getOrDefault(c, 0), desired.get(c));
            int notReady = Math.min(surplus, desired.get(c) - readyHere);
            int readyRemoved = Math.min(surplus - notReady, Math.max(budget, 0));
            budget -= readyRemoved;
            desired.put(c, desired.get(c) - notReady - readyRemoved);
        }
        boolean complete = desired.equals(withAllNames(goal, names)) && allReady(goal, readyNow);
        return new MakeBeforeBreakStep(toList(desired), complete, floor);
    }

    /** Available replicas: ready ones, counted only up to what each cluster is assigned. */
    public static int available(List<TargetCluster> assignment, List<TargetCluster> ready) {
        return readyUnder(byName(assignment), byName(ready));
    }

    private static int readyUnder(Map<String, Integer> assignment, Map<String, Integer> ready) {
        return assignment.entrySet().stream()
                .mapToInt(e -> Math.min(e.getValue(), ready.getOrDefault(e.getKey(), 0))).sum();
    }

    private static boolean allReady(Map<String, Integer> goal, Map<String, Integer> ready) {
        return goal.entrySet().stream().allMatch(e -> ready.getOrDefault(e.getKey(), 0) >= e.getValue());
    }

    private static Map<String, Integer> withAllNames(Map<String, Integer> goal, TreeSet<String> names) {
        Map<String, Integer> full = new TreeMap<>();
        names.forEach(c -> full.put(c, goal.getOrDefault(c, 0)));
        return full;
    }

    private static Map<String, Integer> byName(List<TargetCluster> clusters) {
        Map<String, Integer> map = new TreeMap<>();
        clusters.forEach(c -> map.merge(c.name(), Math.max(c.replicas(), 0), Integer::sum));
        return map;
    }

    private static int total(Map<String, Integer> assignment) {
        return assignment.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static List<TargetCluster> toList(Map<String, Integer> assignment) {
        return assignment.entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> new TargetCluster(e.getKey(), e.getValue())).toList();
    }
}
