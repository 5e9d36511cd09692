package io.meridian.core.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Strategic merge patch on Jackson trees with the Kubernetes Pod metadata ({@link PodPatchTypes}).
 * Maps merge recursively, {@code null} deletes a key, lists with a merge key merge element by
 * element, primitive lists with the merge strategy merge as sets, other lists are replaced.
 * Directives: {@code $patch} (replace, delete, merge), {@code $retainKeys},
 * {@code $deleteFromPrimitiveList/<field>} and {@code $setElementOrder/<field>}.
 */
public final class KubernetesStrategicMergePatch implements StrategicMergePatch {
    static final String PATCH = "$patch";
    static final String RETAIN_KEYS = "$retainKeys";
    static final String DELETE_FROM_PRIMITIVE_LIST = "$deleteFromPrimitiveList/";
    static final String SET_ELEMENT_ORDER = "$setElementOrder/";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    public JsonNode applyToPod(JsonNode pod, JsonNode patch) {
        return apply(pod, patch, PodPatchTypes.POD);
    }

    /** Merges into {@code pod} itself: the admission's injection owns its copy, a second one was a deep copy per pod. */
    @Override
    public JsonNode applyToOwnPod(ObjectNode pod, JsonNode patch) {
        return merged(pod, patch, PodPatchTypes.POD);
    }

    @Override
    public JsonNode applyToPodTemplate(JsonNode template, JsonNode patch) {
        return apply(template, patch, PodPatchTypes.POD_TEMPLATE);
    }

    private static JsonNode apply(JsonNode document, JsonNode patch, PatchType type) {
        ObjectNode original = document != null && document.isObject() ? ((ObjectNode) document).deepCopy() : NODES.objectNode();
        return merged(original, patch, type);
    }

    private static JsonNode merged(ObjectNode original, JsonNode patch, PatchType type) {
        if (patch == null || patch.isNull() || patch.isMissingNode()) {
            return original;
        }
        if (!patch.isObject()) {
            throw new IllegalArgumentException("a strategic merge patch must be a JSON object, got " + patch.getNodeType());
        }
        return mergeObject(original, (ObjectNode) patch, type).orElseGet(NODES::objectNode);
    }

    /** Merges {@code patch} into {@code target} (modified in place); empty when the patch deletes the object. */
    private static Optional<ObjectNode> mergeObject(ObjectNode target, ObjectNode patch, PatchType type) {
        String directive = patch.path(PATCH).asText("merge");
        switch (directive) {
            case "delete" -> {
                return Optional.empty();
            }
            case "replace" -> target = NODES.objectNode();
            case "merge" -> {
            }
            default -> throw new IllegalArgumentException("unknown $patch directive: " + directive);
        }
        retainOnlyListedKeys(target, patch.get(RETAIN_KEYS));
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (!entry.getKey().startsWith("$")) {
                mergeField(target, entry.getKey(), entry.getValue(), patch, type.field(entry.getKey()));
            }
        }
        applyListDirectivesWithoutValues(target, patch, type);
        return Optional.of(target);
    }

    private static void retainOnlyListedKeys(ObjectNode target, JsonNode retainKeys) {
        if (retainKeys == null || !retainKeys.isArray()) {
            return;
        }
        Set<String> keep = new HashSet<>();
        retainKeys.forEach(k -> keep.add(k.asText()));
        target.retain(keep);
    }

    private static void mergeField(ObjectNode target, String name, JsonNode value, ObjectNode patch, PatchField field) {
        if (value.isNull()) {
            target.remove(name);
        } else if (value.isObject()) {
            JsonNode current = target.get(name);
            ObjectNode base = current != null && current.isObject() ? (ObjectNode) current : NODES.objectNode();
            mergeObject(base, (ObjectNode) value, field.elementType())
                    .ifPresentOrElse(merged -> target.set(name, merged), () -> target.remove(name));
        } else if (value.isArray() && field.mergeList()) {
            JsonNode current = target.get(name);
            ArrayNode base = current != null && current.isArray() ? (ArrayNode) current : NODES.arrayNode();
            target.set(name, mergeList(base, (ArrayNode) value, field, patch.get(DELETE_FROM_PRIMITIVE_LIST + name),
                    patch.get(SET_ELEMENT_ORDER + name)));
        } else if (value.isArray()) {
            target.set(name, withoutDirectives((ArrayNode) value, field.elementType()));
        } else {
            target.set(name, value.deepCopy());
        }
    }

    /** {@code $deleteFromPrimitiveList} and {@code $setElementOrder} for lists the patch does not otherwise touch. */
    private static void applyListDirectivesWithoutValues(ObjectNode target, ObjectNode patch, PatchType type) {
        for (Iterator<String> it = patch.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            String listName = listNameOf(key);
            if (listName == null || patch.has(listName) || !(target.get(listName) instanceof ArrayNode current)) {
                continue;
            }
            PatchField field = type.field(listName);
            ArrayNode merged = mergeList(current, NODES.arrayNode(), field,
                    patch.get(DELETE_FROM_PRIMITIVE_LIST + listName), patch.get(SET_ELEMENT_ORDER + listName));
            target.set(listName, merged);
        }
    }

    private static String listNameOf(String key) {
        if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
            return key.substring(DELETE_FROM_PRIMITIVE_LIST.length());
        }
        if (key.startsWith(SET_ELEMENT_ORDER)) {
            return key.substring(SET_ELEMENT_ORDER.length());
        }
        return null;
    }

    private static ArrayNode mergeList(ArrayNode current, ArrayNode patch, PatchField field,
                                       JsonNode deleteFromPrimitiveList, JsonNode elementOrder) {
        List<JsonNode> merged = field.mergeKey() == null
                ? mergePrimitiveSet(current, patch, deleteFromPrimitiveList)
                : mergeByKey(current, patch, field);
        if (elementOrder != null && elementOrder.isArray()) {
            merged = ElementOrder.apply(merged, current, elementOrder, field.mergeKey());
        }
        ArrayNode result = NODES.arrayNode();
        merged.forEach(result::add);
        return result;
    }

    private static List<JsonNode> mergePrimitiveSet(ArrayNode current, ArrayNode patch, JsonNode deleteFromPrimitiveList) {
        Set<JsonNode> deleted = new HashSet<>();
        if (deleteFromPrimitiveList != null) {
            deleteFromPrimitiveList.forEach(deleted::add);
        }
        List<JsonNode> merged = new ArrayList<>();
        for (JsonNode value : current) {
            if (!deleted.contains(value) && !merged.contains(value)) {
                merged.add(value);
            }
        }
        for (JsonNode value : patch) {
            if (!merged.contains(value)) {
                merged.add(value.deepCopy());
            }
        }
        return merged;
    }

    private static List<JsonNode> mergeByKey(ArrayNode current, ArrayNode patch, PatchField field) {
        List<JsonNode> merged = new ArrayList<>();
        if (!replacesWholeList(patch)) {
            current.forEach(merged::add);
        }
        for (JsonNode element : patch) {
            if (element.isObject() && isListReplaceMarker((ObjectNode) element)) {
                continue;
            }
            mergeElement(merged, element, field);
        }
        return merged;
    }

    private static boolean replacesWholeList(ArrayNode patch) {
        for (JsonNode element : patch) {
            if (element.isObject() && isListReplaceMarker((ObjectNode) element)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isListReplaceMarker(ObjectNode element) {
        return element.size() == 1 && "replace".equals(element.path(PATCH).asText());
    }

    private static void mergeElement(List<JsonNode> merged, JsonNode element, PatchField field) {
        if (!element.isObject()) {
            merged.add(element.deepCopy());
            return;
        }
        JsonNode key = element.get(field.mergeKey());
        if ("delete".equals(element.path(PATCH).asText())) {
            merged.removeIf(existing -> key != null && key.equals(existing.get(field.mergeKey())));
            return;
        }
        int index = key == null ? -1 : indexOfKey(merged, field.mergeKey(), key);
        ObjectNode base = index >= 0 && merged.get(index).isObject() ? ((ObjectNode) merged.get(index)).deepCopy() : NODES.objectNode();
        Optional<ObjectNode> result = mergeObject(base, (ObjectNode) element, field.elementType());
        if (index >= 0) {
            result.ifPresentOrElse(r -> merged.set(index, r), () -> merged.remove(index));
        } else {
            result.ifPresent(merged::add);
        }
    }

    static int indexOfKey(List<JsonNode> elements, String mergeKey, JsonNode key) {
        for (int i = 0; i < elements.size(); i++) {
            if (key.equals(elements.get(i).get(mergeKey))) {
                return i;
            }
        }
        return -1;
    }

    /** A replaced list keeps its values; objects inside lose their directives and null fields. */
    private static ArrayNode withoutDirectives(ArrayNode list, PatchType elementType) {
        ArrayNode result = NODES.arrayNode();
        for (JsonNode element : list) {
            if (element.isObject()) {
                mergeObject(NODES.objectNode(), (ObjectNode) element, elementType).ifPresent(result::add);
            } else {
                result.add(element.deepCopy());
            }
        }
        return result;
    }
}
