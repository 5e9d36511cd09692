package io.meridian.core.k8s;

import java.util.List;
import java.util.Map;

/** One set-based requirement (key, operator, values) evaluated against a map of labels. */
final class Requirements {
    private Requirements() {
    }

    /**
     * @param allowNumeric whether {@code Gt}/{@code Lt} are allowed (node selectors allow them,
     *                     label selectors do not)
     * @return false for an unknown operator or a value list the operator does not accept
     */
    static boolean matchesLabels(String key, String operator, List<String> values, Map<String, String> labels,
                                 boolean allowNumeric) {
        List<String> vals = values == null ? List.of() : values;
        String actual = labels.get(key);
        if (operator == null) {
            return false;
        }
        return switch (operator) {
            case "In" -> !vals.isEmpty() && actual != null && vals.contains(actual);
            case "NotIn" -> !vals.isEmpty() && (actual == null || !vals.contains(actual));
            case "Exists" -> vals.isEmpty() && actual != null;
            case "DoesNotExist" -> vals.isEmpty() && actual == null;
            case "Gt", "Lt" -> allowNumeric && compares(operator, vals, actual);
            default -> false;
        };
    }

    private static boolean compares(String operator, List<String> values, String actual) {
        if (values.size() != 1 || actual == null) {
            return false;
        }
        try {
            long bound = Long.parseLong(values.get(0));
            long value = Long.parseLong(actual);
            return "Gt".equals(operator) ? value > bound : value < bound;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
