package io.meridian.schemas;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Encodes and decodes one message type, validating against its JSON Schema. Decoding never throws:
 * garbage, an unknown {@code schemaVersion} or a schema violation is a {@link Decoded.Rejected} with the reason.
 */
public final class MessageCodec<T extends Versioned> {
    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public static final MessageCodec<ClusterEvent> CLUSTER_EVENT =
            new MessageCodec<>(ClusterEvent.class, "cluster-event", ClusterEvent.SCHEMA_VERSION);
    public static final MessageCodec<Mutation> MUTATION =
            new MessageCodec<>(Mutation.class, "mutation", Mutation.SCHEMA_VERSION);
    public static final MessageCodec<MutationResult> MUTATION_RESULT =
            new MessageCodec<>(MutationResult.class, "mutation-result", MutationResult.SCHEMA_VERSION);
    public static final MessageCodec<DomainEvent> DOMAIN_EVENT =
            new MessageCodec<>(DomainEvent.class, "domain-event", DomainEvent.SCHEMA_VERSION);

    private final Class<T> type;
    private final String schemaName;
    private final int supportedVersion;
    private final JsonSchema schema;
    private final TreeBinder<T> binder;

    private MessageCodec(Class<T> type, String schemaName, int supportedVersion) {
        this.type = type;
        this.schemaName = schemaName;
        this.supportedVersion = supportedVersion;
        this.schema = loadSchema(schemaName);
        this.binder = new TreeBinder<>(JSON, type);
    }

    /** The JSON Schema text resource of a message, e.g. {@code cluster-event}. */
    public static String schemaResource(String schemaName) {
        return "/io/meridian/schemas/" + schemaName + ".schema.json";
    }

    private static JsonSchema loadSchema(String schemaName) {
        try (InputStream in = MessageCodec.class.getResourceAsStream(schemaResource(schemaName))) {
            if (in == null) {
                throw new IllegalStateException("missing schema " + schemaResource(schemaName));
            }
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String encode(T message) {
        try {
            return JSON.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot encode " + type.getSimpleName(), e);
        }
    }

    public Decoded<T> decode(String text) {
        if (text == null) {
            return Decoded.rejected("empty record value");
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return Decoded.rejected("not JSON: " + e.getOriginalMessage());
        }
        if (tree == null || !tree.isObject()) {
            return Decoded.rejected("not a JSON object");
        }
        JsonNode version = tree.get("schemaVersion");
        if (version == null || !version.isInt()) {
            return Decoded.rejected("schemaVersion: required integer is missing");
        }
        if (version.intValue() != supportedVersion) {
            return Decoded.rejected("schemaVersion: unsupported version " + version.intValue()
                    + " of " + schemaName + " (supported: " + supportedVersion + ")");
        }
        Set<ValidationMessage> violations = schema.validate(tree);
        if (!violations.isEmpty()) {
            return Decoded.rejected(violations.stream().map(ValidationMessage::getMessage).sorted()
                    .collect(Collectors.joining("; ")));
        }
        try {
            return Decoded.accepted(binder.bind((ObjectNode) tree));
        } catch (JsonProcessingException e) {
            return Decoded.rejected("cannot bind " + schemaName + ": " + e.getOriginalMessage());
        }
    }
}
