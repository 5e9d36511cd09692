package io.meridian.core.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A small RFC 6902 applier (add, replace, remove) for checking generated patches in tests. */
final class JsonPatchApplier {
    private JsonPatchApplier() {
    }

    static JsonNode apply(JsonNode document, JsonNode patch) {
        JsonNode result = document.deepCopy();
        for (JsonNode operation : patch) {
            result = applyOne(result, operation.get("op").asText(), operation.get("path").asText(), operation.get("value"));
        }
        return result;
    }

    private static JsonNode applyOne(JsonNode root, String op, String path, JsonNode value) {
        if (path.isEmpty()) {
            return value.deepCopy();
        }
        int slash = path.lastIndexOf('/');
        JsonNode parent = root.at(path.substring(0, slash));
        String token = path.substring(slash + 1).replace("~1", "/").replace("~0", "~");
        if (parent instanceof ObjectNode object) {
            if (op.equals("remove")) {
                object.remove(token);
            } else {
                object.set(token, value.deepCopy());
            }
        } else if (parent instanceof ArrayNode array) {
            int index = token.equals("-") ? array.size() : Integer.parseInt(token);
            switch (op) {
                case "add" -> array.insert(index, value.deepCopy());
                case "replace" -> array.set(index, value.deepCopy());
                default -> array.remove(index);
            }
        } else {
            throw new IllegalStateException("no container at " + path);
        }
        return root;
    }
}
