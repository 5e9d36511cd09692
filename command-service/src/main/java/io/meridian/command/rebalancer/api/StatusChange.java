package io.meridian.command.rebalancer.api;

import io.meridian.core.karmada.rebalancer.ObservedWorkload;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancerStatus;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a reconcile changed in a rebalancer's status: the entries that are new or changed, the workloads whose
 * entries are gone, and observedGeneration and finishTime as they now are. A decision about one answer among
 * thousands records that answer's entry, not the whole status.
 */
public record StatusChange(List<ObservedWorkload> changed, List<WorkloadReference> removed, long observedGeneration,
                           Instant finishTime) {
    public StatusChange {
        changed = changed == null ? List.of() : List.copyOf(changed);
        removed = removed == null ? List.of() : List.copyOf(removed);
    }

    /** From {@code before} to {@code after}; entries keep the kernel's order. */
    public static StatusChange between(WorkloadRebalancerStatus before, WorkloadRebalancerStatus after) {
        Map<WorkloadReference, ObservedWorkload> old = byWorkload(before.observedWorkloads());
        List<ObservedWorkload> changed = after.observedWorkloads().stream()
                .filter(entry -> !entry.equals(old.get(entry.workload()))).toList();
        Set<WorkloadReference> now = after.observedWorkloads().stream().map(ObservedWorkload::workload)
                .collect(Collectors.toSet());
        List<WorkloadReference> removed = before.observedWorkloads().stream().map(ObservedWorkload::workload)
                .filter(w -> !now.contains(w)).toList();
        return new StatusChange(changed, removed, after.observedGeneration(), after.finishTime());
    }

    /** The status {@code before} with this change made: entries in the kernel's order (§2.2). */
    public WorkloadRebalancerStatus applyTo(WorkloadRebalancerStatus before) {
        Map<WorkloadReference, ObservedWorkload> entries = byWorkload(before.observedWorkloads());
        removed.forEach(entries::remove);
        boolean added = false;
        for (ObservedWorkload entry : changed) {
            added |= entries.put(entry.workload(), entry) == null;
        }
        List<ObservedWorkload> list = new ArrayList<>(entries.values());
        if (added) {
            list.sort((a, b) -> WorkloadReference.ORDER.compare(a.workload(), b.workload()));
        }
        return new WorkloadRebalancerStatus(list, observedGeneration, finishTime);
    }

    public boolean isEmpty(WorkloadRebalancerStatus before) {
        return changed.isEmpty() && removed.isEmpty() && observedGeneration == before.observedGeneration()
                && Objects.equals(finishTime, before.finishTime());
    }

    /** The entry of {@code workload} among the changed ones, if it changed. */
    public ObservedWorkload entry(WorkloadReference workload) {
        return changed.stream().filter(e -> e.workload().equals(workload)).findFirst().orElse(null);
    }

    private static Map<WorkloadReference, ObservedWorkload> byWorkload(List<ObservedWorkload> entries) {
        Map<WorkloadReference, ObservedWorkload> map = new LinkedHashMap<>();
        entries.forEach(e -> map.put(e.workload(), e));
        return map;
    }
}
