package io.meridian.command.rebalancer;

import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleOutcome.Kind;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.rebalancer.BindingLookup;
import io.meridian.core.karmada.rebalancer.ReconcileContext;
import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.RolloutProgress;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import io.meridian.core.karmada.scheduler.BindingKey;
import io.meridian.core.karmada.scheduler.BindingState;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answers of the targets, by target id, turned into what the kernel's reconcile reads as GET of each binding.
 * The binding aggregate records the trigger itself when it accepts a RescheduleBinding, so an answer stands for
 * "GET found it with {@code rescheduleTriggeredAt} = this rebalancer's creation":
 * <ul>
 *   <li>no answer yet, or an error: a failed GET (the entry stays pending and counts as a retry);</li>
 *   <li>NotFound: absent from the lookups (the kernel's NotFound);</li>
 *   <li>Rescheduled: found, triggered, not yet scheduled since (preserveAvailable keeps it rolling);</li>
 *   <li>Completed: found, scheduled after the trigger, the assignment in place and ready;</li>
 *   <li>Planned (dry run): found with the current assignment; the planner answers the plan's after.</li>
 * </ul>
 */
final class TargetAnswers {
    static final String AWAITING = "asked, no answer yet";
    private final Map<String, RescheduleOutcome> byTarget = new HashMap<>();

    void record(String targetId, RescheduleOutcome outcome) {
        byTarget.put(targetId, outcome);
    }

    RescheduleOutcome get(String targetId) {
        return byTarget.get(targetId);
    }

    boolean has(String targetId, Kind kind) {
        RescheduleOutcome answer = byTarget.get(targetId);
        return answer != null && answer.is(kind);
    }

    void retainOnly(Collection<String> targetIds) {
        byTarget.keySet().retainAll(targetIds);
    }

    int size() {
        return byTarget.size();
    }

    ReconcileContext context(Collection<WorkloadReference> workloads, String hostCluster, Instant created,
                             List<ResourceTemplate> templates) {
        Map<BindingKey, BindingLookup> lookups = new TreeMap<>();
        Map<BindingKey, List<TargetCluster>> plannedAfter = new TreeMap<>();
        for (WorkloadReference workload : workloads) {
            BindingKey key = workload.bindingKey();
            RescheduleOutcome answer = byTarget.get(RebalancerTargets.targetId(workload, hostCluster));
            if (answer == null) {
                lookups.put(key, BindingLookup.failed(AWAITING));
                continue;
            }
            switch (answer.kind()) {
                case NotFound -> lookups.remove(key);
                case Error -> lookups.put(key, BindingLookup.failed(answer.detail()));
                case Rescheduled -> lookups.put(key, BindingLookup.found(BindingState.triggerView(key, created, null)));
                case Completed -> lookups.put(key, completed(key, answer.plan(), created));
                case Planned -> {
                    lookups.put(key, BindingLookup.found(withClusters(key, clusters(answer.plan().before()))));
                    plannedAfter.put(key, clusters(answer.plan().after()));
                }
            }
        }
        return ReconcileContext.of(lookups).withTemplates(templates)
                .withPlanner(binding -> plannedAfter.getOrDefault(binding.key(), binding.clusters()));
    }

    private static BindingLookup completed(BindingKey key, ReschedulePlan plan, Instant created) {
        List<TargetCluster> assignment = clusters(plan.after());
        BindingState binding = new BindingState(key, "", total(assignment), 0, assignment, null, created, created, "");
        return BindingLookup.found(binding, new RolloutProgress(assignment, assignment, total(assignment)));
    }

    private static BindingState withClusters(BindingKey key, List<TargetCluster> clusters) {
        return new BindingState(key, "", total(clusters), 0, clusters, null, null, null, "");
    }

    static List<TargetCluster> clusters(Map<String, Integer> assignment) {
        return new TreeMap<>(assignment).entrySet().stream().map(e -> new TargetCluster(e.getKey(), e.getValue()))
                .toList();
    }

    private static int total(List<TargetCluster> clusters) {
        return clusters.stream().mapToInt(TargetCluster::replicas).sum();
    }
}
