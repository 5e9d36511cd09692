package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One violation: where, what kind, the offending value (a {@link MissingNode} when there is none)
 * and the detail message. Build it with the factory named for its type.
 */
public record FieldError(FieldPath field, ErrorType type, JsonNode badValue, String detail) {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    public FieldError {
        badValue = badValue == null ? NODES.nullNode() : badValue;
        detail = detail == null ? "" : detail;
    }

    public static FieldError required(FieldPath field, String detail) {
        return new FieldError(field, ErrorType.REQUIRED, MissingNode.getInstance(), detail);
    }

    public static FieldError invalid(FieldPath field, JsonNode value, String detail) {
        return new FieldError(field, ErrorType.INVALID, value, detail);
    }

    public static FieldError invalid(FieldPath field, String value, String detail) {
        return invalid(field, NODES.textNode(value), detail);
    }

    public static FieldError invalid(FieldPath field, long value, String detail) {
        return invalid(field, NODES.numberNode(value), detail);
    }

    public static FieldError forbidden(FieldPath field, String detail) {
        return new FieldError(field, ErrorType.FORBIDDEN, MissingNode.getInstance(), detail);
    }

    public static FieldError notSupported(FieldPath field, JsonNode value, List<String> supported) {
        String detail = supported.isEmpty() ? "" : supported.stream()
                .map(FieldError::quoted).collect(Collectors.joining(", ", "supported values: ", ""));
        return new FieldError(field, ErrorType.NOT_SUPPORTED, value, detail);
    }

    public static FieldError notSupported(FieldPath field, String value, List<String> supported) {
        return notSupported(field, NODES.textNode(value), supported);
    }

    public static FieldError duplicate(FieldPath field, JsonNode value) {
        return new FieldError(field, ErrorType.DUPLICATE, value, "");
    }

    public static FieldError duplicate(FieldPath field, String value) {
        return duplicate(field, NODES.textNode(value));
    }

    public static FieldError typeInvalid(FieldPath field, JsonNode value, String expectedType) {
        return new FieldError(field, ErrorType.TYPE_INVALID, value, "must be of type " + expectedType);
    }

    public boolean hasBadValue() {
        return !badValue.isMissingNode();
    }

    /** The text after the field path, e.g. {@code Invalid value: "30%": the maxReplicas type ...}. */
    public String body() {
        StringBuilder text = new StringBuilder(type.words());
        if (type.showsValue() && hasBadValue()) {
            text.append(": ").append(renderValue(badValue));
        }
        if (!detail.isEmpty()) {
            text.append(": ").append(detail);
        }
        return text.toString();
    }

    /** Kubernetes' one-line form: {@code spec.subsets[0].maxReplicas: Invalid value: "30%": ...}. */
    public String render() {
        return field.isRoot() ? body() : field + ": " + body();
    }

    @Override
    public String toString() {
        return render();
    }

    private static String renderValue(JsonNode value) {
        return value.isTextual() ? quoted(value.textValue()) : value.toString();
    }

    private static String quoted(String text) {
        return NODES.textNode(text).toString();
    }
}
