package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * scheduleStrategy of a WorkloadSpread. The rescheduleCriticalSeconds cap is
 * {@code (unschedulableSeconds - 5) / (subsets - 1)} (unschedulableSeconds defaults to 300, Meridian §5),
 * or unlimited with a single subset.
 */
final class WorkloadSpreadSchedule {
    static final String FIXED = "Fixed";
    static final String ADAPTIVE = "Adaptive";
    static final int DEFAULT_UNSCHEDULABLE_SECONDS = 300;
    private static final int CAP_MARGIN_SECONDS = 5;
    private static final List<String> TYPES = List.of("", FIXED, ADAPTIVE);
    private static final FieldPath STRATEGY = WorkloadSpreadValidator.SPEC.child("scheduleStrategy");
    private static final FieldPath ADAPTIVE_PATH = STRATEGY.child("adaptive");

    private WorkloadSpreadSchedule() {
    }

    static void validate(JsonNode spec, List<WorkloadSpreadSubsets.Subset> subsets, FieldErrors errors) {
        JsonNode strategy = Fields.member(spec, "scheduleStrategy");
        if (Fields.object(strategy, STRATEGY, errors).isEmpty()) {
            return;
        }
        String type = Fields.string(Fields.member(strategy, "type"), STRATEGY.child("type"), errors).orElse("");
        if (!TYPES.contains(type)) {
            errors.add(FieldError.invalid(STRATEGY.child("type"), type, "ScheduleStrategy's type is not valid"));
        }
        JsonNode adaptive = Fields.member(strategy, "adaptive");
        if (Fields.object(adaptive, ADAPTIVE_PATH, errors).isPresent()) {
            validateAdaptive(adaptive, type, subsets, errors);
        }
    }

    private static void validateAdaptive(JsonNode adaptive, String type, List<WorkloadSpreadSubsets.Subset> subsets,
                                         FieldErrors errors) {
        if (!type.equals(ADAPTIVE)) {
            errors.add(FieldError.invalid(ADAPTIVE_PATH, adaptive,
                    "the scheduleStrategy's type must be adaptive when using adaptive scheduleStrategy"));
        }
        if (subsets.size() > 1 && subsets.get(subsets.size() - 1).maxReplicas().isPresent()) {
            errors.add(FieldError.invalid(ADAPTIVE_PATH, adaptive,
                    "the last subset's maxReplicas must be not specified when using adaptive scheduleStrategy"));
        }
        Fields.bool(Fields.member(adaptive, "disableSimulationSchedule"),
                ADAPTIVE_PATH.child("disableSimulationSchedule"), errors);
        int window = unschedulableSeconds(adaptive, errors);
        FieldPath criticalPath = ADAPTIVE_PATH.child("rescheduleCriticalSeconds");
        Fields.int32(Fields.member(adaptive, "rescheduleCriticalSeconds"), criticalPath, errors).ifPresent(seconds -> {
            int allowedMax = allowedMax(window, subsets.size());
            if (seconds < 0 || seconds > allowedMax) {
                errors.add(FieldError.invalid(criticalPath, seconds, "rescheduleCriticalSeconds < 0 or "
                        + "rescheduleCriticalSeconds > " + allowedMax + " is not permitted"));
            }
        });
    }

    private static int unschedulableSeconds(JsonNode adaptive, FieldErrors errors) {
        FieldPath path = ADAPTIVE_PATH.child("unschedulableSeconds");
        Optional<Integer> seconds = Fields.int32(Fields.member(adaptive, "unschedulableSeconds"), path, errors);
        seconds.filter(s -> s < 1).ifPresent(s -> errors.add(FieldError.invalid(path, s, "must be greater than 0")));
        return seconds.filter(s -> s >= 1).orElse(DEFAULT_UNSCHEDULABLE_SECONDS);
    }

    static int allowedMax(int unschedulableSeconds, int subsetCount) {
        return subsetCount > 1 ? (unschedulableSeconds - CAP_MARGIN_SECONDS) / (subsetCount - 1) : Integer.MAX_VALUE;
    }
}
