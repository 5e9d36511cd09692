package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.patch.StrategicMergePatch;

/**
 * A stand-in for the strategic-merge patch until the real one is wired: merges only
 * {@code metadata.labels} and {@code metadata.annotations} (a null value removes the key).
 */
final class MetadataOnlyMergePatch implements StrategicMergePatch {

    @Override
    public JsonNode applyToPod(JsonNode pod, JsonNode patch) {
        return mergeMetadata(pod, patch);
    }

    @Override
    public JsonNode applyToPodTemplate(JsonNode template, JsonNode patch) {
        return mergeMetadata(template, patch);
    }

    private static JsonNode mergeMetadata(JsonNode document, JsonNode patch) {
        ObjectNode result = document.deepCopy();
        JsonNode patchMetadata = patch.path("metadata");
        for (String field : new String[] {"labels", "annotations"}) {
            JsonNode entries = patchMetadata.path(field);
            if (!entries.isObject()) {
                continue;
            }
            ObjectNode metadata = result.with("metadata");
            ObjectNode target = metadata.get(field) instanceof ObjectNode o ? o : metadata.putObject(field);
            entries.fields().forEachRemaining(e -> {
                if (e.getValue().isNull()) {
                    target.remove(e.getKey());
                } else {
                    target.set(e.getKey(), e.getValue().deepCopy());
                }
            });
        }
        return result;
    }
}
