package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.List;
import java.util.Optional;

/**
 * The maxReplicas rules of a WorkloadSpread. They stop at the first failure: one consistent type,
 * integers only for StatefulSet, each value parsable and non-negative, percentages summing to at most 100
 * (and to exactly 100 when the last subset is bounded too).
 */
final class WorkloadSpreadMaxReplicas {
    static final String MIXED_TYPES = "the maxReplicas type of all subsets must be the same";
    static final String INT_FOR_STATEFULSET = "the maxReplicas type must be Int for StatefulSet";
    static final String NOT_VALID = "maxReplicas is not valid for subset";
    static final String OVER_100 = "the sum of all subset's maxReplicas exceeds 100% is no permitted";
    static final String NOT_100 = "maxReplicas sum of all subsets must equal 100% when type is specified as percent";

    private WorkloadSpreadMaxReplicas() {
    }

    static void validate(List<WorkloadSpreadSubsets.Subset> subsets, boolean statefulSet, FieldErrors errors) {
        Boolean percentType = null;
        int percentSum = 0;
        for (WorkloadSpreadSubsets.Subset subset : subsets) {
            if (subset.maxReplicas().isEmpty()) {
                continue;
            }
            IntOrString max = subset.maxReplicas().get();
            boolean percent = max.getStrVal() != null;
            Optional<String> problem = Optional.empty();
            Optional<Integer> value = valueOf(max);
            if (percentType != null && percentType != percent) {
                problem = Optional.of(MIXED_TYPES);
            } else if (statefulSet && percent) {
                problem = Optional.of(INT_FOR_STATEFULSET);
            } else if (value.isEmpty()) {
                problem = Optional.of(NOT_VALID);
            } else if (percent && percentSum + value.get() > 100) {
                problem = Optional.of(OVER_100);
            }
            if (problem.isPresent()) {
                errors.add(FieldError.invalid(subset.maxReplicasPath(), rawValue(subset), problem.get()));
                return;
            }
            percentType = percent;
            percentSum += percent ? value.get() : 0;
        }
        WorkloadSpreadSubsets.Subset last = subsets.isEmpty() ? null : subsets.get(subsets.size() - 1);
        if (Boolean.TRUE.equals(percentType) && percentSum < 100 && last.maxReplicas().isPresent()) {
            WorkloadSpreadSubsets.Subset first = subsets.get(0);
            errors.add(FieldError.invalid(first.maxReplicasPath(), rawValue(first), NOT_100));
        }
    }

    /** An integer as is, or "p%" as p; empty when negative or not of that form. */
    static Optional<Integer> valueOf(IntOrString value) {
        if (value.getStrVal() == null) {
            return Optional.ofNullable(value.getIntVal()).filter(v -> v >= 0);
        }
        String text = value.getStrVal();
        if (!text.endsWith("%")) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(text.substring(0, text.length() - 1))).filter(v -> v >= 0);
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }

    private static JsonNode rawValue(WorkloadSpreadSubsets.Subset subset) {
        return Fields.member(subset.node(), "maxReplicas");
    }
}
