package io.meridian.core.validation.k8s;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** A parsed label selector: every requirement must hold (matchLabels become "In" requirements). */
public record LabelMatcher(List<Requirement> requirements) {

    public LabelMatcher {
        requirements = List.copyOf(requirements);
    }

    public boolean matches(Map<String, String> labels) {
        return requirements.stream().allMatch(r -> r.matches(labels));
    }

    public boolean isEmpty() {
        return requirements.isEmpty();
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
