package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/** What the admission rules read from a pod's JSON, parsed once. */
record PodFacts(String name, String namespace, String kind, Map<String, String> labels,
                Map<String, String> annotations, ObjectRef controller, boolean active) {

    static PodFacts of(JsonNode pod) {
        JsonNode metadata = pod.path("metadata");
        return new PodFacts(metadata.path("name").asText(""), metadata.path("namespace").asText(""),
                pod.path("kind").asText("Pod"), stringMap(metadata.path("labels")),
                stringMap(metadata.path("annotations")), controllerOf(metadata.path("ownerReferences")),
                isActive(pod));
    }

    boolean hasName() {
        return !name.isEmpty();
    }

    private static boolean isActive(JsonNode pod) {
        String phase = pod.path("status").path("phase").asText("");
        boolean terminating = !pod.path("metadata").path("deletionTimestamp").isMissingNode()
                && !pod.path("metadata").path("deletionTimestamp").isNull();
        return !"Succeeded".equals(phase) && !"Failed".equals(phase) && !terminating;
    }

    private static ObjectRef controllerOf(JsonNode ownerReferences) {
        for (JsonNode owner : ownerReferences) {
            if (owner.path("controller").asBoolean(false)) {
                return new ObjectRef(owner.path("apiVersion").asText(""), owner.path("kind").asText(""),
                        owner.path("name").asText(""));
            }
        }
        return null;
    }

    private static Map<String, String> stringMap(JsonNode node) {
        if (!node.isObject()) {
            return Map.of();
        }
        Map<String, String> values = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            values.put(e.getKey(), e.getValue().asText(""));
        }
        return Collections.unmodifiableMap(values);
    }
}
