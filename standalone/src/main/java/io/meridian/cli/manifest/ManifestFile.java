package io.meridian.cli.manifest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The documents of a YAML or JSON manifest file: several documents separated by {@code ---}, several
 * JSON values, or a List (kind {@code List} or {@code <Kind>List} with {@code items}, or a JSON array)
 * whose items are the documents. When the file cannot be read, or stops parsing part-way, the
 * documents read so far are kept and {@link #problem()} says why in one line.
 */
public record ManifestFile(List<ManifestDocument> documents, Optional<String> problem) {
    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    public ManifestFile {
        documents = List.copyOf(documents);
    }

    public static ManifestFile read(Path path) {
        if (Files.isDirectory(path)) {
            return unreadable("is a directory, not a file");
        }
        String text;
        try {
            text = Files.readString(path);
        } catch (NoSuchFileException missing) {
            return unreadable("no such file");
        } catch (AccessDeniedException denied) {
            return unreadable("permission denied");
        } catch (CharacterCodingException notText) {
            return unreadable("not UTF-8 text");
        } catch (IOException failure) {
            return unreadable(String.valueOf(failure.getMessage()));
        }
        return parse(text);
    }

    /** Parses manifest text; JSON when it starts with '{' or '[', YAML otherwise. */
    public static ManifestFile parse(String text) {
        boolean json = text.stripLeading().startsWith("{") || text.stripLeading().startsWith("[");
        List<ManifestDocument> documents = new ArrayList<>();
        try (MappingIterator<JsonNode> values = (json ? JSON : YAML).readerFor(JsonNode.class).readValues(text)) {
            while (values.hasNextValue()) {
                addDocuments(values.nextValue(), documents);
            }
        } catch (JsonProcessingException malformed) {
            return new ManifestFile(documents, Optional.of(describe(malformed, json ? "JSON" : "YAML")));
        } catch (IOException failure) {
            return new ManifestFile(documents, Optional.of("cannot read: " + failure.getMessage()));
        }
        return new ManifestFile(documents, Optional.empty());
    }

    private static void addDocuments(JsonNode value, List<ManifestDocument> documents) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return;
        }
        JsonNode items = listItems(value);
        if (items != null) {
            items.forEach(item -> documents.add(new ManifestDocument(documents.size() + 1, item)));
        } else {
            documents.add(new ManifestDocument(documents.size() + 1, value));
        }
    }

    private static JsonNode listItems(JsonNode value) {
        if (value.isArray()) {
            return value;
        }
        boolean listKind = value.path("kind").isTextual() && value.path("kind").textValue().endsWith("List");
        return listKind && value.path("items").isArray() ? value.path("items") : null;
    }

    private static String describe(JsonProcessingException malformed, String format) {
        String reason = String.valueOf(malformed.getOriginalMessage()).lines().findFirst().orElse("")
                .replaceAll("\\s*\\(start marker at .*$", "").strip();
        JsonLocation where = malformed.getLocation();
        String at = where == null || where.getLineNr() < 1 ? ""
                : " at line " + where.getLineNr() + ", column " + where.getColumnNr();
        return "malformed " + format + at + ": " + reason;
    }

    private static ManifestFile unreadable(String reason) {
        return new ManifestFile(List.of(), Optional.of("cannot read file: " + reason));
    }
}
