package io.meridian.bench.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * What a proposed change to the command-service's ClusterState would save: equal text values of the stored
 * trees ("True", "Running", label values, owner names...) held once. Text nodes are immutable, so a tree may
 * share them; ClusterState's deep copy keeps the shared instances.
 */
final class SharedTextValues {
    private final Map<String, TextNode> pool = new HashMap<>();

    /** Replaces, in place, every text value of the tree by the pooled node of the same text. */
    JsonNode share(JsonNode tree) {
        if (tree instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (field.getValue().isTextual()) {
                    field.setValue(pooled(field.getValue().textValue()));
                } else {
                    share(field.getValue());
                }
            }
        } else if (tree instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode item = array.get(i);
                if (item.isTextual()) {
                    array.set(i, pooled(item.textValue()));
                } else {
                    share(item);
                }
            }
        }
        return tree;
    }

    int size() {
        return pool.size();
    }

    private TextNode pooled(String text) {
        return pool.computeIfAbsent(text, TextNode::valueOf);
    }
}
