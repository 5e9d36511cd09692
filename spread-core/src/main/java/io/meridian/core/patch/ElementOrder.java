package io.meridian.core.patch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code $setElementOrder/<field>}: the elements named in the order come in that order; elements the
 * order does not name (present only on the server) keep their place relative to the original list.
 */
final class ElementOrder {
    private ElementOrder() {
    }

    static List<JsonNode> apply(List<JsonNode> merged, Iterable<JsonNode> original, JsonNode order, String mergeKey) {
        List<JsonNode> orderKeys = new ArrayList<>();
        order.forEach(entry -> orderKeys.add(mergeKey == null ? entry : entry.get(mergeKey)));
        List<JsonNode> originalKeys = new ArrayList<>();
        original.forEach(element -> originalKeys.add(keyOf(element, mergeKey)));

        List<JsonNode> named = new ArrayList<>();
        List<JsonNode> serverOnly = new ArrayList<>();
        for (JsonNode element : merged) {
            (orderKeys.contains(keyOf(element, mergeKey)) ? named : serverOnly).add(element);
        }
        named.sort(Comparator.comparingInt(e -> orderKeys.indexOf(keyOf(e, mergeKey))));
        return interleave(named, serverOnly, originalKeys, mergeKey);
    }

    private static List<JsonNode> interleave(List<JsonNode> named, List<JsonNode> serverOnly,
                                             List<JsonNode> originalKeys, String mergeKey) {
        List<JsonNode> result = new ArrayList<>();
        int n = 0;
        int s = 0;
        while (n < named.size() || s < serverOnly.size()) {
            boolean takeServer = n == named.size()
                    || s < serverOnly.size() && originalIndex(serverOnly.get(s), originalKeys, mergeKey)
                    < originalIndex(named.get(n), originalKeys, mergeKey);
            result.add(takeServer ? serverOnly.get(s++) : named.get(n++));
        }
        return result;
    }

    private static int originalIndex(JsonNode element, List<JsonNode> originalKeys, String mergeKey) {
        int index = originalKeys.indexOf(keyOf(element, mergeKey));
        return index < 0 ? Integer.MAX_VALUE : index;
    }

    private static JsonNode keyOf(JsonNode element, String mergeKey) {
        return mergeKey == null ? element : element.get(mergeKey);
    }
}
