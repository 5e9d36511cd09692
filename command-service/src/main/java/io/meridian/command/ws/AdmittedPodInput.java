package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * What a {@code PodsAdmitted} event keeps of an admitted pod. The subset choice reads only the pod's
 * metadata (name, namespace, labels and annotations, controller owner, deletion) and phase, so these are
 * kept as they came; the spec feeds only the injection, whose result is recorded in full as the patch, so
 * it is kept as the SHA-256 of the whole pod as sent (an API server audit log's copy can be checked
 * against it and the decision replayed). Keeping the full pod made serialising and writing it a large part
 * of every batch.
 */
public final class AdmittedPodInput {
    static final String DIGEST = "sha256";
    private static final List<String> METADATA = List.of("name", "generateName", "namespace", "uid", "labels", "annotations",
            "ownerReferences", "deletionTimestamp");

    private AdmittedPodInput() {
    }

    public static JsonNode of(JsonNode pod) {
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        copy(pod, kept, "apiVersion");
        copy(pod, kept, "kind");
        ObjectNode metadata = kept.putObject("metadata");
        for (String field : METADATA) {
            copy(pod.path("metadata"), metadata, field);
        }
        if (pod.path("status").has("phase")) {
            kept.putObject("status").set("phase", pod.path("status").get("phase"));
        }
        kept.put(DIGEST, sha256(pod));
        return kept;
    }

    private static void copy(JsonNode from, ObjectNode to, String field) {
        JsonNode value = from.get(field);
        if (value != null && !value.isNull()) {
            to.set(field, value);
        }
    }

    /** The digest of the pod's JSON, written straight into it rather than into a byte array first. */
    static String sha256(JsonNode pod) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (OutputStream into = new DigestOutputStream(OutputStream.nullOutputStream(), digest)) {
                KernelJson.JSON.writeValue(into, pod);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write the pod: " + e.getMessage(), e);
        }
    }
}
