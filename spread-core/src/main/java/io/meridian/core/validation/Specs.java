package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** Small shared steps of the kind validators. */
final class Specs {
    static final FieldPath SPEC = FieldPath.of("spec");

    private Specs() {
    }

    /** The spec object; Required when absent, TypeInvalid when not an object. */
    static Optional<JsonNode> spec(JsonNode manifest, FieldErrors errors) {
        JsonNode spec = Fields.member(manifest, "spec");
        if (!Fields.isSet(spec)) {
            errors.add(FieldError.required(SPEC, ""));
            return Optional.empty();
        }
        return Fields.object(spec, SPEC, errors);
    }

    /** A list that must hold at least one item: Required when absent, Invalid when empty. */
    static List<Fields.Element> nonEmptyList(JsonNode list, FieldPath path, FieldErrors errors) {
        if (!Fields.isSet(list)) {
            errors.add(FieldError.required(path, ""));
            return List.of();
        }
        if (list.isArray() && list.isEmpty()) {
            errors.add(FieldError.invalid(path, list, "must have at least 1 item"));
        }
        return Fields.elements(list, path, errors);
    }

    /** A string field that must be non-empty. */
    static void requiredString(JsonNode parent, String field, FieldPath parentPath, FieldErrors errors) {
        FieldPath path = parentPath.child(field);
        JsonNode node = Fields.member(parent, field);
        if (!Fields.isSet(node) || node.isTextual() && node.textValue().isEmpty()) {
            errors.add(FieldError.required(path, ""));
            return;
        }
        Fields.string(node, path, errors);
    }

    /** An enumerated string field: NotSupported unless one of {@code supported}. */
    static void oneOf(JsonNode parent, String field, FieldPath parentPath, List<String> supported, FieldErrors errors) {
        FieldPath path = parentPath.child(field);
        Fields.string(Fields.member(parent, field), path, errors).filter(v -> !supported.contains(v))
                .ifPresent(v -> errors.add(FieldError.notSupported(path, v, supported)));
    }
}
