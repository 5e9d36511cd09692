package io.meridian.command.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Deep copies of reported objects made to be held for long: object fields in {@link CompactFields}, arrays sized
 * to their content, and equal text and small integers held once ("True", "Running", label values, owner names,
 * timestamps... are the same in thousands of pods). Value nodes are immutable, so stored trees may share them.
 * The text pool holds its values weakly: text no stored object uses any more is forgotten. Text that is unique by
 * design (an object's own name, uid and resourceVersion) is not pooled, since pooling it would only cost memory.
 */
final class CompactTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> OWN_UNIQUE_FIELDS = Set.of("name", "uid", "resourceVersion");
    private static final int SMALL_INTS = 4096;
    private static final IntNode[] INTS = new IntNode[SMALL_INTS];

    static {
        for (int i = 0; i < SMALL_INTS; i++) {
            INTS[i] = IntNode.valueOf(i);
        }
    }

    private final Map<String, WeakReference<TextNode>> texts = new WeakHashMap<>();

    /** A compact deep copy of the object (an empty object when {@code source} is not one). */
    ObjectNode copy(JsonNode source) {
        if (source == null || !source.isObject()) {
            return new ObjectNode(NODES, new CompactFields(4));
        }
        ObjectNode object = copyObject(source, false);
        JsonNode metadata = source.get("metadata");
        if (metadata != null && metadata.isObject()) {
            object.set("metadata", copyObject(metadata, true));
        }
        return object;
    }

    /** The pooled text node holding {@code text}. */
    TextNode text(String text) {
        synchronized (texts) {
            WeakReference<TextNode> known = texts.get(text);
            TextNode node = known == null ? null : known.get();
            if (node == null) {
                node = TextNode.valueOf(text);
                // the key is the node's own string: the entry lives exactly as long as some tree holds the node
                texts.put(node.textValue(), new WeakReference<>(node));
            }
            return node;
        }
    }

    /** How many distinct text values are pooled (tests). */
    int pooledTexts() {
        synchronized (texts) {
            return texts.size();
        }
    }

    private ObjectNode copyObject(JsonNode source, boolean ownMetadata) {
        CompactFields fields = new CompactFields(source.size() + (ownMetadata ? 2 : 0));
        for (Iterator<Map.Entry<String, JsonNode>> it = source.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode value = field.getValue();
            boolean unique = ownMetadata && value.isTextual() && OWN_UNIQUE_FIELDS.contains(field.getKey());
            fields.put(field.getKey(), unique ? TextNode.valueOf(value.textValue()) : copyNode(value));
        }
        return new ObjectNode(NODES, fields);
    }

    private JsonNode copyNode(JsonNode node) {
        if (node.isObject()) {
            return copyObject(node, false);
        }
        if (node.isArray()) {
            List<JsonNode> items = new ArrayList<>(node.size());
            for (JsonNode item : node) {
                items.add(copyNode(item));
            }
            return new ArrayNode(NODES, items);
        }
        if (node.isTextual()) {
            return text(node.textValue());
        }
        if (node.isInt() && node.intValue() >= 0 && node.intValue() < SMALL_INTS) {
            return INTS[node.intValue()];
        }
        // numbers, booleans and null are immutable value nodes: shared as they are
        return node.isValueNode() ? node : node.deepCopy();
    }
}
