package io.meridian.core.karmada.division;

import java.util.List;
import java.util.Map;

/**
 * A set-based selector requirement ({@code key operator values}) evaluated against a map of labels or cluster
 * fields. Unknown operators and {@code In}/{@code NotIn} without values match nothing, as an invalid selector would.
 */
record SetRequirement(String key, String operator, List<String> values) {
    SetRequirement {
        values = values == null ? List.of() : values;
    }

    boolean matches(Map<String, String> labels) {
        boolean present = labels.containsKey(key);
        return switch (operator == null ? "" : operator) {
            case "In" -> !values.isEmpty() && present && values.contains(labels.get(key));
            case "NotIn" -> !values.isEmpty() && (!present || !values.contains(labels.get(key)));
            case "Exists" -> present;
            case "DoesNotExist" -> !present;
            default -> false;
        };
    }
}
