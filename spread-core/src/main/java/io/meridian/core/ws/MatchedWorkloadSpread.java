package io.meridian.core.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The value of the pod annotation {@code apps.kruise.io/matched-workloadspread}:
 * {@code {"name":..,"subset":..,"uid":..}} with uid omitted when empty. Keys are read
 * case-insensitively, as Go's JSON decoder does.
 */
public record MatchedWorkloadSpread(String name, String subset, String uid) {
    public static final String ANNOTATION = "apps.kruise.io/matched-workloadspread";
    private static final ObjectMapper JSON = new ObjectMapper();

    public MatchedWorkloadSpread {
        name = name == null ? "" : name;
        subset = subset == null ? "" : subset;
        uid = uid == null ? "" : uid;
    }

    /** The annotation of a pod, if present and valid JSON. */
    public static Optional<MatchedWorkloadSpread> fromAnnotations(Map<String, String> annotations) {
        return annotations == null ? Optional.empty() : parse(annotations.get(ANNOTATION));
    }

    /** Empty for a missing, empty or invalid value. */
    public static Optional<MatchedWorkloadSpread> parse(String value) {
        if (value == null || value.isEmpty()) {
            return Optional.empty();
        }
        JsonNode node;
        try {
            node = JSON.readTree(value);
        } catch (Exception e) {
            return Optional.empty();
        }
        if (node == null || !node.isObject()) {
            return Optional.empty();
        }
        return Optional.of(new MatchedWorkloadSpread(field(node, "name"), field(node, "subset"), field(node, "uid")));
    }

    private static String field(JsonNode node, String key) {
        String found = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals(key)) {
                return e.getValue().isTextual() ? e.getValue().asText() : "";
            }
            if (found == null && e.getKey().equalsIgnoreCase(key) && e.getValue().isTextual()) {
                found = e.getValue().asText();
            }
        }
        return found == null ? "" : found;
    }

    /** The annotation value, keys in the order name, subset, uid. */
    public String toAnnotationValue() {
        ObjectNode node = JSON.createObjectNode();
        node.put("name", name);
        node.put("subset", subset);
        if (!uid.isEmpty()) {
            node.put("uid", uid);
        }
        return node.toString();
    }
}
