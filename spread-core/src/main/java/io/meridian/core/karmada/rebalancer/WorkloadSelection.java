package io.meridian.core.karmada.rebalancer;

import io.meridian.core.k8s.LabelSelectors;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The workloads a rebalancer names: {@code spec.workloads} united with what {@code spec.workloadSelector} selects. */
public final class WorkloadSelection {
    private WorkloadSelection() {
    }

    /** Spec references first (in spec order, duplicates collapsed), then selected templates in the given order. */
    public static Set<WorkloadReference> union(WorkloadRebalancerSpec spec, List<ResourceTemplate> templates) {
        Set<WorkloadReference> all = new LinkedHashSet<>(spec.workloads());
        for (ResourceTemplate template : templates) {
            if (LabelSelectors.matches(spec.workloadSelector(), template.labels())) {
                all.add(template.reference());
            }
        }
        return all;
    }
}
