package io.meridian.core.validation.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.validation.FieldError;
import io.meridian.core.validation.FieldErrors;
import io.meridian.core.validation.FieldPath;
import io.meridian.core.validation.Fields;
import java.util.List;
import java.util.Optional;

/** Node affinity pieces: NodeSelector, NodeSelectorTerm, NodeSelectorRequirement, PreferredSchedulingTerm. */
public final class NodeSelectors {
    public static final String GT = "Gt";
    public static final String LT = "Lt";
    private static final String NODE_NAME_FIELD = "metadata.name";

    private NodeSelectors() {
    }

    /** A NodeSelector: at least one term, each term checked. */
    public static void validateNodeSelector(JsonNode selector, FieldPath path, FieldErrors errors) {
        if (Fields.object(selector, path, errors).isEmpty()) {
            return;
        }
        FieldPath termsPath = path.child("nodeSelectorTerms");
        List<Fields.Element> terms = Fields.elements(Fields.member(selector, "nodeSelectorTerms"), termsPath, errors);
        if (terms.isEmpty()) {
            errors.add(FieldError.required(termsPath, "must have at least one node selector term"));
        }
        terms.forEach(term -> validateTerm(term.node(), term.path(), errors));
    }

    public static void validateTerm(JsonNode term, FieldPath path, FieldErrors errors) {
        if (Fields.object(term, path, errors).isEmpty()) {
            return;
        }
        Fields.elements(Fields.member(term, "matchExpressions"), path.child("matchExpressions"), errors)
                .forEach(e -> validateRequirement(e.node(), e.path(), errors));
        Fields.elements(Fields.member(term, "matchFields"), path.child("matchFields"), errors)
                .forEach(e -> validateFieldRequirement(e.node(), e.path(), errors));
    }

    /** One node label requirement: In/NotIn need values, Exists/DoesNotExist none, Gt/Lt exactly one. */
    public static void validateRequirement(JsonNode requirement, FieldPath path, FieldErrors errors) {
        if (Fields.object(requirement, path, errors).isEmpty()) {
            return;
        }
        String operator = operator(requirement, path, errors);
        List<String> values = LabelSelectors.values(requirement, path, errors);
        FieldPath valuesPath = path.child("values");
        switch (operator) {
            case LabelSelectors.IN, LabelSelectors.NOT_IN -> {
                if (values.isEmpty()) {
                    errors.add(FieldError.required(valuesPath, "must be specified when `operator` is 'In' or 'NotIn'"));
                }
            }
            case LabelSelectors.EXISTS, LabelSelectors.DOES_NOT_EXIST -> {
                if (!values.isEmpty()) {
                    errors.add(FieldError.forbidden(valuesPath,
                            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
                }
            }
            case GT, LT -> {
                if (values.size() != 1) {
                    errors.add(FieldError.required(valuesPath,
                            "must be specified single value when `operator` is 'Lt' or 'Gt'"));
                }
            }
            default -> errors.add(FieldError.invalid(path.child("operator"), operator, "not a valid selector operator"));
        }
        key(requirement, path, errors).ifPresent(key -> Labels.validateKey(key, path.child("key"), errors));
    }

    /** A node field requirement: only metadata.name, with In/NotIn and exactly one value. */
    private static void validateFieldRequirement(JsonNode requirement, FieldPath path, FieldErrors errors) {
        if (Fields.object(requirement, path, errors).isEmpty()) {
            return;
        }
        String operator = operator(requirement, path, errors);
        List<String> values = LabelSelectors.values(requirement, path, errors);
        if (operator.equals(LabelSelectors.IN) || operator.equals(LabelSelectors.NOT_IN)) {
            if (values.size() != 1) {
                errors.add(FieldError.required(path.child("values"),
                        "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
            }
        } else {
            errors.add(FieldError.invalid(path.child("operator"), operator, "not a valid selector operator"));
        }
        key(requirement, path, errors).filter(key -> !key.equals(NODE_NAME_FIELD)).ifPresent(key ->
                errors.add(FieldError.notSupported(path.child("key"), key, List.of(NODE_NAME_FIELD))));
    }

    /** A PreferredSchedulingTerm: weight in 1..100 and a valid preference term. */
    public static void validatePreferredTerm(JsonNode preferred, FieldPath path, FieldErrors errors) {
        if (Fields.object(preferred, path, errors).isEmpty()) {
            return;
        }
        FieldPath weightPath = path.child("weight");
        JsonNode weight = Fields.member(preferred, "weight");
        if (!Fields.isSet(weight)) {
            errors.add(FieldError.invalid(weightPath, 0, "must be in the range 1-100"));
        }
        Fields.int32(weight, weightPath, errors).filter(w -> w < 1 || w > 100)
                .ifPresent(w -> errors.add(FieldError.invalid(weightPath, w, "must be in the range 1-100")));
        validateTerm(Fields.member(preferred, "preference"), path.child("preference"), errors);
    }

    public static void validatePreferredTerms(JsonNode list, FieldPath path, FieldErrors errors) {
        Fields.elements(list, path, errors).forEach(e -> validatePreferredTerm(e.node(), e.path(), errors));
    }

    private static String operator(JsonNode requirement, FieldPath path, FieldErrors errors) {
        return Fields.string(Fields.member(requirement, "operator"), path.child("operator"), errors).orElse("");
    }

    private static Optional<String> key(JsonNode requirement, FieldPath path, FieldErrors errors) {
        Optional<String> key = Fields.string(Fields.member(requirement, "key"), path.child("key"), errors);
        if (!Fields.isSet(Fields.member(requirement, "key"))) {
            errors.add(FieldError.required(path.child("key"), ""));
        }
        return key;
    }
}
