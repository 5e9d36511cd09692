package io.meridian.cli.manifest;

import com.fasterxml.jackson.databind.JsonNode;

/** One document of a manifest file, numbered from 1 in file order (items of a List count one by one). */
public record ManifestDocument(int number, JsonNode node) {
    private static final String DEFAULT_NAMESPACE = "default";

    public String kind() {
        return text(node.path("kind"));
    }

    public String name() {
        return text(node.path("metadata").path("name"));
    }

    public String namespace() {
        String namespace = text(node.path("metadata").path("namespace"));
        return namespace.isEmpty() ? DEFAULT_NAMESPACE : namespace;
    }

    /** {@code Kind/name}, or where those are missing, which document it is. */
    public String label() {
        if (kind().isEmpty()) {
            return "document " + number;
        }
        return kind() + "/" + (name().isEmpty() ? "(unnamed, document " + number + ")" : name());
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.textValue() : "";
    }
}
