package io.meridian.core.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * The RFC 6902 JSON Patch that turns one document into another, using only "add", "replace" and
 * "remove". Objects are compared key by key (removals and changes in source key order, then
 * additions in target key order); arrays keep their common prefix and suffix and diff the middle
 * element by element, so an insertion or removal anywhere costs one operation. Deterministic.
 */
public final class JsonPatchDiff {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonPatchDiff() {
    }

    public static ArrayNode between(JsonNode source, JsonNode target) {
        ArrayNode operations = NODES.arrayNode();
        diff("", source, target, operations);
        return operations;
    }

    /** Escapes one reference token: {@code ~} as {@code ~0}, {@code /} as {@code ~1}. */
    public static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    private static void diff(String path, JsonNode source, JsonNode target, ArrayNode operations) {
        if (source.equals(target)) {
            return;
        }
        if (source.isObject() && target.isObject()) {
            diffObjects(path, (ObjectNode) source, (ObjectNode) target, operations);
        } else if (source.isArray() && target.isArray()) {
            diffArrays(path, (ArrayNode) source, (ArrayNode) target, operations);
        } else {
            operations.add(operation("replace", path, target));
        }
    }

    private static void diffObjects(String path, ObjectNode source, ObjectNode target, ArrayNode operations) {
        for (Iterator<Map.Entry<String, JsonNode>> it = source.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String child = path + "/" + escape(entry.getKey());
            JsonNode targetValue = target.get(entry.getKey());
            if (targetValue == null) {
                operations.add(operation("remove", child, null));
            } else {
                diff(child, entry.getValue(), targetValue, operations);
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = target.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (!source.has(entry.getKey())) {
                operations.add(operation("add", path + "/" + escape(entry.getKey()), entry.getValue()));
            }
        }
    }

    private static void diffArrays(String path, ArrayNode source, ArrayNode target, ArrayNode operations) {
        int prefix = 0;
        while (prefix < source.size() && prefix < target.size() && source.get(prefix).equals(target.get(prefix))) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < source.size() - prefix && suffix < target.size() - prefix
                && source.get(source.size() - 1 - suffix).equals(target.get(target.size() - 1 - suffix))) {
            suffix++;
        }
        int sourceEnd = source.size() - suffix;
        int targetEnd = target.size() - suffix;
        int paired = Math.min(sourceEnd, targetEnd) - prefix;
        for (int i = prefix; i < prefix + paired; i++) {
            diff(path + "/" + i, source.get(i), target.get(i), operations);
        }
        // Removals from the highest index down so that each index is still valid when applied.
        for (int i = sourceEnd - 1; i >= prefix + paired; i--) {
            operations.add(operation("remove", path + "/" + i, null));
        }
        for (int i = prefix + paired; i < targetEnd; i++) {
            operations.add(operation("add", path + "/" + i, target.get(i)));
        }
    }

    private static ObjectNode operation(String op, String path, JsonNode value) {
        ObjectNode operation = NODES.objectNode();
        operation.put("op", op);
        operation.put("path", path);
        if (value != null) {
            operation.set("value", value.deepCopy());
        }
        return operation;
    }
}
