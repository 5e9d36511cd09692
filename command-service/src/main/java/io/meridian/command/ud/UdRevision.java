package io.meridian.command.ud;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The revision of a UnitedDeployment: {@code <name>-<hash>} of its {@code spec.template}, keys sorted, so the
 * same template always gives the same revision (upstream hashes its ControllerRevision the same way).
 */
final class UdRevision {
    private static final ObjectMapper SORTED = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    private static final int HASH_CHARS = 10;

    private UdRevision() {
    }

    static String of(JsonNode manifest) {
        String name = manifest.path("metadata").path("name").asText();
        return name + "-" + hash(manifest.path("spec").path("template"), HASH_CHARS);
    }

    /** The first {@code chars} hex digits of the SHA-256 of the value's canonical JSON. */
    static String hash(JsonNode value, int chars) {
        return sha256(canonical(value)).substring(0, chars);
    }

    static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }

    private static String canonical(JsonNode value) {
        try {
            return SORTED.writeValueAsString(SORTED.treeToValue(value, Object.class));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot hash " + value, e);
        }
    }
}
