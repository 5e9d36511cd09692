package io.meridian.core.karmada.rebalancer;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
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
            if (matches(spec.workloadSelector(), template.labels())) {
                all.add(template.reference());
            }
        }
        return all;
    }

    /** Kubernetes semantics: a null selector selects nothing, an empty one everything. */
    public static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return false;
        }
        Map<String, String> required = selector.getMatchLabels() == null ? Map.of() : selector.getMatchLabels();
        for (Map.Entry<String, String> e : required.entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        List<LabelSelectorRequirement> expressions =
                selector.getMatchExpressions() == null ? List.of() : selector.getMatchExpressions();
        return expressions.stream().allMatch(r -> matches(r, labels));
    }

    private static boolean matches(LabelSelectorRequirement requirement, Map<String, String> labels) {
        String value = labels.get(requirement.getKey());
        List<String> values = requirement.getValues() == null ? List.of() : requirement.getValues();
        return switch (requirement.getOperator()) {
            case "In" -> value != null && values.contains(value);
            case "NotIn" -> value == null || !values.contains(value);
            case "Exists" -> value != null;
            case "DoesNotExist" -> value == null;
            default -> false;
        };
    }
}
