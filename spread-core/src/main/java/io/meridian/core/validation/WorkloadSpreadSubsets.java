package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.validation.k8s.NodeSelectors;
import io.meridian.core.validation.k8s.Tolerations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The per-subset rules of a WorkloadSpread: names, node selection, tolerations, patch, replica bounds. */
final class WorkloadSpreadSubsets {
    private static final FieldPath SUBSETS = WorkloadSpreadValidator.SPEC.child("subsets");

    private WorkloadSpreadSubsets() {
    }

    /** One subset as read, with its position and path. */
    record Subset(int index, FieldPath path, JsonNode node, String name, Optional<IntOrString> maxReplicas) {
        FieldPath maxReplicasPath() {
            return path.child("maxReplicas");
        }
    }

    static List<Subset> validate(JsonNode spec, Optional<TargetRef> target, ValidationContext context,
                                 FieldErrors errors) {
        List<Subset> subsets = read(spec, errors);
        JsonNode list = Fields.member(spec, "subsets");
        if (!Fields.isSet(list) || list.isArray() && list.isEmpty()) {
            errors.add(FieldError.required(SUBSETS, "subsets number must >= 1 in WorkloadSpread"));
        }
        Set<String> names = new HashSet<>();
        for (Subset subset : subsets) {
            validateName(subset, names, errors);
            validateScheduling(subset, errors);
            validateMinReplicas(subset, errors);
            JsonNode patch = Fields.member(subset.node(), "patch");
            FieldPath patchPath = subset.path().child("patch");
            if (Fields.object(patch, patchPath, errors).isPresent()) {
                context.targetWorkload().ifPresent(workload ->
                        SubsetPatchCheck.check(patch, patchPath, workload, target, errors));
            }
        }
        boolean statefulSet = target.filter(t -> t.kind().equals("StatefulSet")).isPresent();
        WorkloadSpreadMaxReplicas.validate(subsets, statefulSet, errors);
        return subsets;
    }

    private static List<Subset> read(JsonNode spec, FieldErrors errors) {
        List<Subset> subsets = new ArrayList<>();
        for (Fields.Element element : Fields.elements(Fields.member(spec, "subsets"), SUBSETS, errors)) {
            if (Fields.object(element.node(), element.path(), errors).isEmpty()) {
                continue;
            }
            FieldPath path = element.path();
            String name = Fields.string(Fields.member(element.node(), "name"), path.child("name"), errors).orElse("");
            Optional<IntOrString> max = Fields.intOrString(Fields.member(element.node(), "maxReplicas"),
                    path.child("maxReplicas"), errors);
            subsets.add(new Subset(subsets.size(), path, element.node(), name, max));
        }
        return subsets;
    }

    private static void validateName(Subset subset, Set<String> names, FieldErrors errors) {
        FieldPath namePath = subset.path().child("name");
        if (subset.name().isEmpty()) {
            errors.add(FieldError.invalid(namePath, "", ""));
        } else if (!names.add(subset.name())) {
            errors.add(FieldError.invalid(namePath, subset.name(), "duplicated subset name " + subset.name()));
        }
    }

    /** Node selection may be spelled the v1alpha1 way or the v1beta1 way, not both. */
    private static void validateScheduling(Subset subset, FieldErrors errors) {
        String required = spelling(subset, "requiredNodeSelector", "requiredNodeSelectorTerm", errors);
        NodeSelectors.validateTerm(Fields.member(subset.node(), required), subset.path().child(required), errors);
        String preferred = spelling(subset, "preferredNodeSelector", "preferredNodeSelectorTerms", errors);
        NodeSelectors.validatePreferredTerms(Fields.member(subset.node(), preferred), subset.path().child(preferred),
                errors);
        Tolerations.validate(Fields.member(subset.node(), "tolerations"), subset.path().child("tolerations"), errors);
    }

    private static String spelling(Subset subset, String current, String legacy, FieldErrors errors) {
        boolean hasCurrent = Fields.isSet(Fields.member(subset.node(), current));
        boolean hasLegacy = Fields.isSet(Fields.member(subset.node(), legacy));
        if (hasCurrent && hasLegacy) {
            errors.add(FieldError.forbidden(subset.path().child(legacy), "may not be set together with " + current));
        }
        return hasCurrent || !hasLegacy ? current : legacy;
    }

    /** Meridian §4: minReplicas >= 0 and, against an integer maxReplicas, no larger than it. */
    private static void validateMinReplicas(Subset subset, FieldErrors errors) {
        FieldPath minPath = subset.path().child("minReplicas");
        Fields.int32(Fields.member(subset.node(), "minReplicas"), minPath, errors).ifPresent(min -> {
            if (min < 0) {
                errors.add(FieldError.invalid(minPath, min, "must be greater than or equal to 0"));
                return;
            }
            subset.maxReplicas().filter(max -> max.getIntVal() != null && min > max.getIntVal())
                    .ifPresent(max -> errors.add(FieldError.invalid(minPath, min,
                            "subset " + subset.name() + ": minReplicas must be less than or equal to maxReplicas")));
        });
    }
}
