package io.meridian.core.ud.plan;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The string form of a label selector ({@code a=b,c in (d,e),!f}), requirements sorted by key. */
public final class LabelSelectorFormat {

    private LabelSelectorFormat() {
    }

    public static String format(LabelSelector selector) {
        if (selector == null) {
            return "";
        }
        List<Map.Entry<String, String>> requirements = new ArrayList<>();
        if (selector.getMatchLabels() != null) {
            selector.getMatchLabels().forEach((key, value) -> requirements.add(Map.entry(key, key + "=" + value)));
        }
        if (selector.getMatchExpressions() != null) {
            for (LabelSelectorRequirement expression : selector.getMatchExpressions()) {
                requirements.add(Map.entry(expression.getKey(), format(expression)));
            }
        }
        return String.join(",", requirements.stream().sorted(Map.Entry.comparingByKey())
                .map(Map.Entry::getValue).toList());
    }

    private static String format(LabelSelectorRequirement expression) {
        String key = expression.getKey();
        List<String> values = expression.getValues() == null ? List.of()
                : expression.getValues().stream().sorted(Comparator.naturalOrder()).toList();
        return switch (expression.getOperator()) {
            case "In" -> key + " in (" + String.join(",", values) + ")";
            case "NotIn" -> key + " notin (" + String.join(",", values) + ")";
            case "Exists" -> key;
            case "DoesNotExist" -> "!" + key;
            default -> key + " " + expression.getOperator() + " (" + String.join(",", values) + ")";
        };
    }
}
