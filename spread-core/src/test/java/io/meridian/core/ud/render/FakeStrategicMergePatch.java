package io.meridian.core.ud.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.patch.StrategicMergePatch;

/** Test double: objects merge recursively, anything else in the patch replaces. Records what it saw. */
public final class FakeStrategicMergePatch implements StrategicMergePatch {
    private JsonNode lastTemplateSeen;

    @Override
    public JsonNode applyToPod(JsonNode pod, JsonNode patch) {
        return merge(pod.deepCopy(), patch);
    }

    @Override
    public JsonNode applyToPodTemplate(JsonNode template, JsonNode patch) {
        lastTemplateSeen = template.deepCopy();
        return merge(template.deepCopy(), patch);
    }

    public JsonNode lastTemplateSeen() {
        return lastTemplateSeen;
    }

    private static JsonNode merge(JsonNode target, JsonNode patch) {
        if (!target.isObject() || !patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = (ObjectNode) target;
        patch.properties().forEach(e -> result.set(e.getKey(),
                result.has(e.getKey()) ? merge(result.get(e.getKey()), e.getValue()) : e.getValue().deepCopy()));
        return result;
    }
}
