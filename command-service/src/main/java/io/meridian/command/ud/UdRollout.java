package io.meridian.command.ud;

import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.rebalancer.MakeBeforeBreakPlanner;
import io.meridian.core.karmada.rebalancer.MakeBeforeBreakStep;
import io.meridian.core.ud.plan.ObservedWorkload;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A rebalancer's allocation put in place make-before-break (preserveAvailable): each reconcile holds the kernel's
 * next step from the subsets as observed towards {@code target}, so the ready replicas never drop below
 * {@code availableAtStart} (capped by the target's total).
 */
record UdRollout(String requestedBy, Map<String, Integer> target, int availableAtStart) {

    MakeBeforeBreakStep next(List<ObservedWorkload> workloads) {
        return MakeBeforeBreakPlanner.nextStep(bySubset(workloads, false), asTargets(target), bySubset(workloads, true),
                availableAtStart);
    }

    static Map<String, Integer> replicas(MakeBeforeBreakStep step) {
        Map<String, Integer> replicas = new TreeMap<>();
        step.desired().forEach(t -> replicas.put(t.name(), t.replicas()));
        return replicas;
    }

    private static List<TargetCluster> bySubset(List<ObservedWorkload> workloads, boolean ready) {
        return workloads.stream().filter(w -> w.subsetName().isPresent())
                .map(w -> new TargetCluster(w.subsetName().get(), ready ? w.readyReplicas() : w.specReplicas()))
                .toList();
    }

    private static List<TargetCluster> asTargets(Map<String, Integer> replicas) {
        return replicas.entrySet().stream().map(e -> new TargetCluster(e.getKey(), e.getValue())).toList();
    }
}
