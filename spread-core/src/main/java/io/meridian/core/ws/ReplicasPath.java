package io.meridian.core.ws;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Reads replica counts from dotted paths of an unstructured object ({@code spec.replicaSlice.1}). */
public final class ReplicasPath {

    /** An integer read from an object, or the reason it could not be read. */
    public sealed interface Read {
        int replicas();
    }

    public record Found(int replicas) implements Read {
    }

    public record Failed(String error) implements Read {
        @Override
        public int replicas() {
            return 0;
        }
    }

    private ReplicasPath() {
    }

    public static Read read(JsonNode object, String path) {
        JsonNode current = object;
        for (String step : path.split("\\.")) {
            JsonNode next = step(current, step);
            if (next == null || next.isMissingNode() || next.isNull()) {
                return new Failed("path \"" + step + "\" not exists");
            }
            current = next;
        }
        if (!current.isIntegralNumber()) {
            return new Failed("path \"" + path + "\" is not an integer: " + current);
        }
        return new Found(current.intValue());
    }

    /** The sum over all paths; the first failure wins. An empty list gives 0. */
    public static Read sum(JsonNode object, List<String> paths) {
        int total = 0;
        for (String path : paths) {
            Read r = read(object, path);
            if (r instanceof Failed) {
                return r;
            }
            total += r.replicas();
        }
        return new Found(total);
    }

    private static JsonNode step(JsonNode node, String step) {
        if (node == null) {
            return null;
        }
        if (node.isArray()) {
            try {
                int index = Integer.parseInt(step);
                return index >= 0 && index < node.size() ? node.get(index) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return node.isObject() ? node.get(step) : null;
    }
}
