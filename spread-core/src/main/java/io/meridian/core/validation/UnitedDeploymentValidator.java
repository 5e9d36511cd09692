package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.k8s.LabelMatcher;
import io.meridian.core.validation.k8s.LabelSelectors;
import io.meridian.core.validation.k8s.SelectorParse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Create and update validation of a UnitedDeployment (Kruise §2.5, Meridian §3). */
public final class UnitedDeploymentValidator {
    static final FieldPath SPEC = Specs.SPEC;
    static final List<String> TEMPLATE_KINDS = List.of(
            "statefulSetTemplate", "advancedStatefulSetTemplate", "cloneSetTemplate", "deploymentTemplate");
    static final List<String> STATEFUL_TEMPLATES = List.of("statefulSetTemplate", "advancedStatefulSetTemplate");
    private static final String TEMPLATE_LIST =
            "statefulSetTemplate, advancedStatefulSetTemplate, cloneSetTemplate, or deploymentTemplate";
    private static final FieldPath TEMPLATE = SPEC.child("template");

    private UnitedDeploymentValidator() {
    }

    public static ValidationResult validate(JsonNode manifest, ValidationContext context) {
        FieldErrors errors = new FieldErrors();
        ObjectMeta.validate(manifest, errors);
        Optional<JsonNode> specObject = Specs.spec(manifest, errors);
        if (specObject.isEmpty()) {
            return errors.result();
        }
        JsonNode spec = specObject.get();
        Optional<Integer> replicas = Fields.int32(Fields.member(spec, "replicas"), SPEC.child("replicas"), errors);
        replicas.filter(r -> r < 0).ifPresent(r -> errors.add(
                FieldError.invalid(SPEC.child("replicas"), r, "must be greater than or equal to 0")));
        Fields.int32(Fields.member(spec, "revisionHistoryLimit"), SPEC.child("revisionHistoryLimit"), errors);
        Optional<LabelMatcher> selector = validateSelector(Fields.member(spec, "selector"), errors);
        Optional<String> templateKind = validateTemplate(spec, selector, errors);
        UnitedDeploymentTopology topology = UnitedDeploymentTopology.validate(spec, templateKind, errors);
        UnitedDeploymentReplicas.validate(replicas, topology.subsets(), errors);
        validateUpdateStrategy(spec, topology.subsets(), errors);
        context.oldObject().ifPresent(old -> UnitedDeploymentUpdate.validate(spec, Fields.member(old, "spec"),
                topology.subsets(), errors));
        return errors.result();
    }

    private static Optional<LabelMatcher> validateSelector(JsonNode selector, FieldErrors errors) {
        FieldPath path = SPEC.child("selector");
        if (!Fields.isSet(selector)) {
            errors.add(FieldError.required(path, ""));
            return Optional.empty();
        }
        int mark = errors.size();
        LabelSelectors.validate(selector, path, errors);
        if (errors.size() > mark) {
            return Optional.empty();
        }
        if (LabelSelectors.parse(selector) instanceof SelectorParse.Parsed parsed) {
            if (parsed.matcher().isEmpty()) {
                errors.add(FieldError.invalid(path, selector, "empty selector is invalid for statefulset"));
                return Optional.empty();
            }
            return Optional.of(parsed.matcher());
        }
        errors.add(FieldError.invalid(path, selector, ""));
        return Optional.empty();
    }

    /** Exactly one template; its labels match the selector; replicas and partition left to the controller. */
    private static Optional<String> validateTemplate(JsonNode spec, Optional<LabelMatcher> selector,
                                                     FieldErrors errors) {
        JsonNode template = Fields.member(spec, "template");
        if (Fields.isSet(template) && Fields.object(template, TEMPLATE, errors).isEmpty()) {
            return Optional.empty();
        }
        List<String> present = new ArrayList<>();
        for (String kind : TEMPLATE_KINDS) {
            Fields.object(Fields.member(template, kind), TEMPLATE.child(kind), errors).ifPresent(t -> present.add(kind));
        }
        if (present.isEmpty()) {
            errors.add(Fields.isSet(template)
                    ? FieldError.invalid(TEMPLATE, template, "should provide one of " + TEMPLATE_LIST)
                    : FieldError.required(TEMPLATE, "should provide one of " + TEMPLATE_LIST));
            return Optional.empty();
        }
        if (present.size() > 1) {
            errors.add(FieldError.invalid(TEMPLATE, template, "should provide only one of " + TEMPLATE_LIST));
            return Optional.empty();
        }
        String kind = present.get(0);
        validateTemplateBody(Fields.member(template, kind), kind, selector, errors);
        return Optional.of(kind);
    }

    private static void validateTemplateBody(JsonNode body, String kind, Optional<LabelMatcher> selector,
                                             FieldErrors errors) {
        FieldPath path = TEMPLATE.child(kind);
        FieldPath labelsPath = path.child("metadata").child("labels");
        JsonNode labelsNode = Fields.member(Fields.member(body, "metadata"), "labels");
        Map<String, String> labels = Fields.stringMap(labelsNode, labelsPath, errors);
        selector.filter(s -> !s.matches(labels)).ifPresent(s -> errors.add(FieldError.invalid(labelsPath,
                labelsNode, "`selector` does not match template `labels`")));
        JsonNode workloadSpec = Fields.member(body, "spec");
        FieldPath specPath = path.child("spec");
        JsonNode replicas = Fields.member(workloadSpec, "replicas");
        if (Fields.isSet(replicas)) {
            errors.add(FieldError.invalid(specPath.child("replicas"), replicas,
                    "replicas in " + kind + " will not be used"));
        }
        JsonNode partition = Fields.member(Fields.member(Fields.member(workloadSpec, "updateStrategy"),
                "rollingUpdate"), "partition");
        if (STATEFUL_TEMPLATES.contains(kind) && Fields.isSet(partition)) {
            errors.add(FieldError.invalid(specPath.child("updateStrategy").child("rollingUpdate").child("partition"),
                    partition, "partition in " + kind + " will not be used"));
        }
    }

    private static void validateUpdateStrategy(JsonNode spec, List<UnitedDeploymentTopology.Subset> subsets,
                                               FieldErrors errors) {
        FieldPath path = SPEC.child("updateStrategy");
        JsonNode strategy = Fields.member(spec, "updateStrategy");
        if (Fields.object(strategy, path, errors).isEmpty()) {
            return;
        }
        Fields.string(Fields.member(strategy, "type"), path.child("type"), errors)
                .filter(type -> !type.isEmpty() && !type.equals("Manual"))
                .ifPresent(type -> errors.add(FieldError.notSupported(path.child("type"), type, List.of("Manual"))));
        FieldPath partitionsPath = path.child("manualUpdate").child("partitions");
        JsonNode manual = Fields.member(strategy, "manualUpdate");
        if (Fields.object(manual, path.child("manualUpdate"), errors).isEmpty()) {
            return;
        }
        JsonNode partitions = Fields.member(manual, "partitions");
        Fields.object(partitions, partitionsPath, errors).ifPresent(map -> map.fieldNames().forEachRemaining(name -> {
            Fields.int32(map.get(name), partitionsPath.key(name), errors);
            if (subsets.stream().noneMatch(s -> s.name().equals(name))) {
                errors.add(FieldError.invalid(partitionsPath, partitions, "subset " + name + " does not exist"));
            }
        }));
    }
}
