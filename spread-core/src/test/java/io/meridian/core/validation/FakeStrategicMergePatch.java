package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.patch.StrategicMergePatch;
import java.util.Iterator;
import java.util.Map;

/** A stand-in patcher for tests: objects merge recursively, null deletes, anything else replaces. */
final class FakeStrategicMergePatch implements StrategicMergePatch {

    @Override
    public JsonNode applyToPod(JsonNode pod, JsonNode patch) {
        return merge(pod, patch);
    }

    @Override
    public JsonNode applyToPodTemplate(JsonNode template, JsonNode patch) {
        if (patch.has("$fail")) {
            throw new IllegalArgumentException(patch.get("$fail").asText());
        }
        return merge(template, patch);
    }

    private static JsonNode merge(JsonNode target, JsonNode patch) {
        if (!target.isObject() || !patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (entry.getValue().isNull()) {
                result.remove(entry.getKey());
            } else {
                JsonNode current = result.get(entry.getKey());
                result.set(entry.getKey(), current == null ? entry.getValue().deepCopy() : merge(current, entry.getValue()));
            }
        }
        return result;
    }
}
