package io.meridian.core.validation.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.core.validation.FieldError;
import io.meridian.core.validation.FieldErrors;
import io.meridian.core.validation.FieldPath;
import io.meridian.core.validation.Fields;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * metav1.LabelSelector: {@link #validate} reports field errors the way the API server does;
 * {@link #parse} turns a selector into a matcher or gives the one-line reason it cannot.
 */
public final class LabelSelectors {
    public static final String IN = "In";
    public static final String NOT_IN = "NotIn";
    public static final String EXISTS = "Exists";
    public static final String DOES_NOT_EXIST = "DoesNotExist";

    private LabelSelectors() {
    }

    public static void validate(JsonNode selector, FieldPath path, FieldErrors errors) {
        Optional<JsonNode> object = Fields.object(selector, path, errors);
        if (object.isEmpty()) {
            return;
        }
        FieldPath labelsPath = path.child("matchLabels");
        Map<String, String> labels = Fields.stringMap(Fields.member(object.get(), "matchLabels"), labelsPath, errors);
        Labels.validate(labels, labelsPath, errors);
        for (Fields.Element expression : Fields.elements(Fields.member(object.get(), "matchExpressions"),
                path.child("matchExpressions"), errors)) {
            validateRequirement(expression.node(), expression.path(), errors);
        }
    }

    public static SelectorParse parse(JsonNode selector) {
        FieldErrors errors = new FieldErrors();
        Optional<JsonNode> object = Fields.object(selector, FieldPath.ROOT, errors);
        Map<String, String> labels = Fields.stringMap(Fields.member(selector, "matchLabels"),
                FieldPath.of("matchLabels"), errors);
        List<LabelMatcher.Requirement> requirements = new ArrayList<>();
        labels.forEach((key, value) -> requirements.add(
                new LabelMatcher.Requirement(key, IN, Set.of(value))));
        for (Fields.Element expression : Fields.elements(Fields.member(selector, "matchExpressions"),
                FieldPath.of("matchExpressions"), errors)) {
            requirement(expression.node(), errors).ifPresent(requirements::add);
        }
        requirements.forEach(r -> checkParsedRequirement(r, errors));
        List<FieldError> found = errors.since(0);
        if (!found.isEmpty()) {
            return SelectorParse.unparsable(parseMessage(found.get(0)));
        }
        return SelectorParse.parsed(new LabelMatcher(object.isEmpty() ? List.of() : requirements));
    }

    private static void validateRequirement(JsonNode expression, FieldPath path, FieldErrors errors) {
        if (Fields.object(expression, path, errors).isEmpty()) {
            return;
        }
        String operator = Fields.string(Fields.member(expression, "operator"), path.child("operator"), errors).orElse("");
        List<String> values = values(expression, path, errors);
        FieldPath valuesPath = path.child("values");
        switch (operator) {
            case IN, NOT_IN -> {
                if (values.isEmpty()) {
                    errors.add(FieldError.required(valuesPath, "must be specified when `operator` is 'In' or 'NotIn'"));
                }
            }
            case EXISTS, DOES_NOT_EXIST -> {
                if (!values.isEmpty()) {
                    errors.add(FieldError.forbidden(valuesPath,
                            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
                }
            }
            default -> errors.add(FieldError.invalid(path.child("operator"), operator, "not a valid selector operator"));
        }
        Fields.string(Fields.member(expression, "key"), path.child("key"), errors)
                .ifPresentOrElse(key -> Labels.validateKey(key, path.child("key"), errors),
                        () -> errors.add(FieldError.required(path.child("key"), "")));
    }

    private static Optional<LabelMatcher.Requirement> requirement(JsonNode expression, FieldErrors errors) {
        if (Fields.object(expression, FieldPath.ROOT, errors).isEmpty()) {
            return Optional.empty();
        }
        String key = Fields.string(Fields.member(expression, "key"), FieldPath.of("key"), errors).orElse("");
        String operator = Fields.string(Fields.member(expression, "operator"), FieldPath.of("operator"), errors)
                .orElse("");
        Set<String> values = new LinkedHashSet<>(values(expression, FieldPath.ROOT, errors));
        return Optional.of(new LabelMatcher.Requirement(key, operator, values));
    }

    /** The rules labels.NewRequirement applies, worded as one line each. */
    private static void checkParsedRequirement(LabelMatcher.Requirement requirement, FieldErrors errors) {
        Labels.validateKey(requirement.key(), FieldPath.of("key"), errors);
        FieldPath valuesPath = FieldPath.of("values");
        switch (requirement.operator()) {
            case IN, NOT_IN -> {
                if (requirement.values().isEmpty()) {
                    errors.add(FieldError.invalid(valuesPath, JsonNodeFactory.instance.arrayNode(), "for 'in', 'notin' operators, values set can't be empty"));
                }
            }
            case EXISTS, DOES_NOT_EXIST -> {
                if (!requirement.values().isEmpty()) {
                    errors.add(FieldError.forbidden(valuesPath,
                            "values set must be empty for exists and does not exist"));
                }
            }
            default -> errors.add(FieldError.notSupported(FieldPath.of("operator"), requirement.operator(),
                    List.of(IN, NOT_IN, EXISTS, DOES_NOT_EXIST)));
        }
        requirement.values().stream().sorted().forEach(v -> Labels.validateValue(v, valuesPath, errors));
    }

    private static String parseMessage(FieldError error) {
        if (error.field().value().equals("operator")) {
            return error.badValue() + " is not a valid label selector operator";
        }
        return error.render();
    }

    static List<String> values(JsonNode expression, FieldPath path, FieldErrors errors) {
        List<String> values = new ArrayList<>();
        for (Fields.Element value : Fields.elements(Fields.member(expression, "values"), path.child("values"), errors)) {
            Fields.string(value.node(), value.path(), errors).ifPresent(values::add);
        }
        return values;
    }
}
