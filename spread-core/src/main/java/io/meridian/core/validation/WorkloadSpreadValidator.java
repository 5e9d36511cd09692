package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.k8s.LabelSelectors;
import io.meridian.core.validation.k8s.SelectorParse;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Create and update validation of a WorkloadSpread (Kruise §1.11, Meridian §4 and §5). */
public final class WorkloadSpreadValidator {
    public static final String FEATURE_GATE_DISABLED = "feature-gate WorkloadSpread is not enabled";

    static final FieldPath SPEC = Specs.SPEC;
    private static final FieldPath TARGET_REF = SPEC.child("targetRef");

    /** Built-in target kinds and the API groups each may come from. */
    private static final Map<String, List<String>> BUILT_IN_TARGETS = Map.of(
            "CloneSet", List.of("apps.kruise.io"),
            "Deployment", List.of("apps"),
            "ReplicaSet", List.of("apps"),
            "Job", List.of("batch"),
            "StatefulSet", List.of("apps", "apps.kruise.io"));

    private WorkloadSpreadValidator() {
    }

    public static ValidationResult validate(JsonNode manifest, ValidationContext context) {
        FieldErrors errors = new FieldErrors();
        if (context.workloadSpreadGate() == FeatureGate.DISABLED) {
            errors.add(FieldError.forbidden(FieldPath.ROOT, FEATURE_GATE_DISABLED));
            return errors.result();
        }
        ObjectMeta.validate(manifest, errors);
        Optional<JsonNode> specObject = Specs.spec(manifest, errors);
        if (specObject.isEmpty()) {
            return errors.result();
        }
        JsonNode spec = specObject.get();
        Optional<TargetRef> target = validateTargetRef(spec, context, errors);
        List<WorkloadSpreadSubsets.Subset> subsets = WorkloadSpreadSubsets.validate(spec, target, context, errors);
        WorkloadSpreadSchedule.validate(spec, subsets, errors);
        validateTargetFilter(Fields.member(spec, "targetFilter"), SPEC.child("targetFilter"), errors);
        JsonNode targetNode = Fields.member(spec, "targetRef");
        target.filter(t -> !t.isIncomplete()).ifPresent(t -> {
            checkConflicts(ObjectMeta.name(manifest), t, targetNode, context, errors);
            checkTargetUnchanged(t, targetNode, context, errors);
        });
        return errors.result();
    }

    private static Optional<TargetRef> validateTargetRef(JsonNode spec, ValidationContext context, FieldErrors errors) {
        JsonNode node = Fields.member(spec, "targetRef");
        if (!Fields.isSet(node)) {
            errors.add(FieldError.required(TARGET_REF, "no targetRef defined in WorkloadSpread"));
            return Optional.empty();
        }
        Optional<TargetRef> target = TargetRef.read(node, TARGET_REF, errors);
        target.ifPresent(t -> targetProblem(t, context)
                .ifPresent(problem -> errors.add(FieldError.invalid(TARGET_REF, node, problem))));
        return target;
    }

    private static Optional<String> targetProblem(TargetRef target, ValidationContext context) {
        if (target.isIncomplete()) {
            return Optional.of("empty TargetReference is not valid for WorkloadSpread.");
        }
        List<String> groups = BUILT_IN_TARGETS.get(target.kind());
        if (groups != null) {
            return groups.contains(target.group()) ? Optional.empty()
                    : Optional.of("TargetReference is not valid for " + target.kind() + ".");
        }
        boolean permitted = context.whitelist()
                .map(entries -> entries.stream().anyMatch(e -> e.permits(target.group(), target.kind())))
                .orElse(true);
        return permitted ? Optional.empty() : Optional.of("TargetReference's GroupKind is not permitted.");
    }

    private static void validateTargetFilter(JsonNode filter, FieldPath path, FieldErrors errors) {
        if (Fields.object(filter, path, errors).isEmpty()) {
            return;
        }
        JsonNode selector = Fields.member(filter, "selector");
        FieldPath selectorPath = path.child("selector");
        if (Fields.isSet(selector)
                && LabelSelectors.parse(selector) instanceof SelectorParse.Unparsable unparsable) {
            errors.add(FieldError.invalid(selectorPath, selector, unparsable.message()));
        }
        Fields.elements(Fields.member(filter, "replicasPathList"), path.child("replicasPathList"), errors)
                .forEach(p -> Fields.string(p.node(), p.path(), errors));
    }

    private static void checkConflicts(String name, TargetRef target, JsonNode targetNode,
                                       ValidationContext context, FieldErrors errors) {
        context.otherWorkloadSpreads().orElse(List.of()).stream()
                .filter(other -> !ObjectMeta.name(other).equals(name))
                .filter(other -> TargetRef.readQuietly(other).filter(target::sameWorkload).isPresent())
                .findFirst()
                .ifPresent(other -> errors.add(FieldError.invalid(TARGET_REF, targetNode,
                        "ws.spec.targetRef is in conflict with other WorkloadSpread " + ObjectMeta.name(other))));
    }

    private static void checkTargetUnchanged(TargetRef target, JsonNode targetNode, ValidationContext context,
                                             FieldErrors errors) {
        context.oldObject().flatMap(TargetRef::readQuietly)
                .filter(old -> !old.sameWorkload(target))
                .ifPresent(old -> errors.add(FieldError.invalid(TARGET_REF, targetNode,
                        "change TargetReference is not permitted for WorkloadSpread")));
    }
}
