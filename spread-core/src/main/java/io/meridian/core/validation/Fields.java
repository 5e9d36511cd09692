package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Typed reads from a manifest. A field that is absent or JSON null is "not set" (empty); a field
 * of the wrong JSON type is reported as TypeInvalid at its path and also read as not set, so a bad
 * manifest never throws.
 */
public final class Fields {
    private Fields() {
    }

    /** The named member of {@code parent}, or a missing node when absent or when parent is no object. */
    public static JsonNode member(JsonNode parent, String name) {
        if (parent == null || !parent.isObject()) {
            return MissingNode.getInstance();
        }
        JsonNode node = parent.get(name);
        return node == null ? MissingNode.getInstance() : node;
    }

    public static boolean isSet(JsonNode node) {
        return node != null && !node.isMissingNode() && !node.isNull();
    }

    public static Optional<JsonNode> object(JsonNode node, FieldPath path, FieldErrors errors) {
        return typed(node, node != null && node.isObject(), "object", path, errors);
    }

    public static Optional<JsonNode> array(JsonNode node, FieldPath path, FieldErrors errors) {
        return typed(node, node != null && node.isArray(), "array", path, errors);
    }

    public static Optional<String> string(JsonNode node, FieldPath path, FieldErrors errors) {
        return typed(node, node != null && node.isTextual(), "string", path, errors).map(JsonNode::textValue);
    }

    public static Optional<Boolean> bool(JsonNode node, FieldPath path, FieldErrors errors) {
        return typed(node, node != null && node.isBoolean(), "boolean", path, errors).map(JsonNode::booleanValue);
    }

    public static Optional<Integer> int32(JsonNode node, FieldPath path, FieldErrors errors) {
        boolean fits = node != null && node.isIntegralNumber() && node.canConvertToInt();
        return typed(node, fits, "integer", path, errors).map(JsonNode::intValue);
    }

    public static Optional<Long> int64(JsonNode node, FieldPath path, FieldErrors errors) {
        boolean fits = node != null && node.isIntegralNumber() && node.canConvertToLong();
        return typed(node, fits, "integer", path, errors).map(JsonNode::longValue);
    }

    /** An IntOrString: a 32-bit integer or a string. */
    public static Optional<IntOrString> intOrString(JsonNode node, FieldPath path, FieldErrors errors) {
        boolean fits = node != null && (node.isTextual() || node.isIntegralNumber() && node.canConvertToInt());
        return typed(node, fits, "integer or string", path, errors)
                .map(n -> n.isTextual() ? new IntOrString(n.textValue()) : new IntOrString(n.intValue()));
    }

    /** The elements of an array field, each paired with its path; empty when not set or not an array. */
    public static List<Element> elements(JsonNode node, FieldPath path, FieldErrors errors) {
        List<Element> elements = new ArrayList<>();
        array(node, path, errors).ifPresent(items -> {
            for (int i = 0; i < items.size(); i++) {
                elements.add(new Element(items.get(i), path.index(i)));
            }
        });
        return elements;
    }

    /** A map of string to string (labels, annotations, matchLabels), sorted by key. */
    public static Map<String, String> stringMap(JsonNode node, FieldPath path, FieldErrors errors) {
        Map<String, String> map = new TreeMap<>();
        object(node, path, errors).ifPresent(object -> object.fields().forEachRemaining(entry ->
                string(entry.getValue(), path.key(entry.getKey()), errors)
                        .ifPresent(value -> map.put(entry.getKey(), value))));
        return map;
    }

    private static Optional<JsonNode> typed(JsonNode node, boolean rightType, String typeName,
                                            FieldPath path, FieldErrors errors) {
        if (!isSet(node)) {
            return Optional.empty();
        }
        if (!rightType) {
            errors.add(FieldError.typeInvalid(path, node, typeName));
            return Optional.empty();
        }
        return Optional.of(node);
    }

    /** One element of an array with its own path. */
    public record Element(JsonNode node, FieldPath path) {
    }
}
