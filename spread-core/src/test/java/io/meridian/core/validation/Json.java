package io.meridian.core.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Test documents written compactly: single quotes and unquoted field names are allowed. */
public final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(JsonParser.Feature.ALLOW_SINGLE_QUOTES, true)
            .configure(JsonParser.Feature.ALLOW_UNQUOTED_FIELD_NAMES, true);

    private Json() {
    }

    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    public static ObjectNode object(String text) {
        return (ObjectNode) parse(text);
    }

    /** Sets {@code value} (parsed) at a dotted path of {@code root}, creating objects on the way. */
    public static ObjectNode with(ObjectNode root, String dottedPath, String value) {
        ObjectNode copy = root.deepCopy();
        String[] steps = dottedPath.split("\\.");
        JsonNode node = copy;
        for (int i = 0; i < steps.length - 1; i++) {
            node = step(node, steps[i]);
        }
        String last = steps[steps.length - 1];
        if (node.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode array = (com.fasterxml.jackson.databind.node.ArrayNode) node;
            int index = Integer.parseInt(last);
            if (index == array.size()) {
                array.add(parse(value));
            } else {
                array.set(index, parse(value));
            }
        } else {
            ((ObjectNode) node).set(last, parse(value));
        }
        return copy;
    }

    /** Removes the field at a dotted path. */
    public static ObjectNode without(ObjectNode root, String dottedPath) {
        ObjectNode copy = root.deepCopy();
        String[] steps = dottedPath.split("\\.");
        JsonNode node = copy;
        for (int i = 0; i < steps.length - 1; i++) {
            node = step(node, steps[i]);
        }
        ((ObjectNode) node).remove(steps[steps.length - 1]);
        return copy;
    }

    private static JsonNode step(JsonNode node, String step) {
        if (node.isArray()) {
            return node.get(Integer.parseInt(step));
        }
        ObjectNode object = (ObjectNode) node;
        return object.has(step) ? object.get(step) : object.putObject(step);
    }
}
