package io.meridian.core.ws.admission;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.List;
import java.util.Map;

/** Kubernetes label-selector matching: matchLabels and matchExpressions (In, NotIn, Exists, DoesNotExist). */
public final class LabelSelectors {
    private LabelSelectors() {
    }

    /** A null selector matches everything; an empty one too. An unknown operator matches nothing. */
    public static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return true;
        }
        Map<String, String> matchLabels = selector.getMatchLabels() == null ? Map.of() : selector.getMatchLabels();
        for (Map.Entry<String, String> required : matchLabels.entrySet()) {
            if (!required.getValue().equals(labels.get(required.getKey()))) {
                return false;
            }
        }
        List<LabelSelectorRequirement> expressions = selector.getMatchExpressions() == null ? List.of()
                : selector.getMatchExpressions();
        return expressions.stream().allMatch(e -> matches(e, labels));
    }

    private static boolean matches(LabelSelectorRequirement requirement, Map<String, String> labels) {
        String value = labels.get(requirement.getKey());
        List<String> values = requirement.getValues() == null ? List.of() : requirement.getValues();
        return switch (String.valueOf(requirement.getOperator())) {
            case "In" -> value != null && values.contains(value);
            case "NotIn" -> value == null || !values.contains(value);
            case "Exists" -> value != null;
            case "DoesNotExist" -> value == null;
            default -> false;
        };
    }
}
