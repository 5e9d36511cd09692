package io.meridian.core.validation.k8s;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** A parsed label selector: all matchLabels and all requirements must hold. */
public record LabelMatcher(Map<String, String> matchLabels, List<Requirement> requirements) {

    public LabelMatcher {
        matchLabels = java.util.Collections.unmodifiableMap(new TreeMap<>(matchLabels));
        requirements = List.copyOf(requirements);
    }

    public boolean matches(Map<String, String> labels) {
        return matchLabels.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())))
                && requirements.stream().allMatch(r -> r.matches(labels));
    }

    public boolean isEmpty() {
        return matchLabels.isEmpty() && requirements.isEmpty();
    }

    /** One matchExpression. */
    public record Requirement(String key, String operator, Set<String> values) {
        public Requirement {
            values = Set.copyOf(values);
        }

        boolean matches(Map<String, String> labels) {
            boolean present = labels.containsKey(key);
            return switch (operator) {
                case LabelSelectors.IN -> present && values.contains(labels.get(key));
                case LabelSelectors.NOT_IN -> !present || !values.contains(labels.get(key));
                case LabelSelectors.EXISTS -> present;
                default -> !present;
            };
        }
    }
}
