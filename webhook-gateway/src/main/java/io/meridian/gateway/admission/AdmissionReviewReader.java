package io.meridian.gateway.admission;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionRequest;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads an {@code admission.k8s.io/v1} AdmissionReview from a request body. Garbage, truncated,
 * oversized or incomplete bodies give a {@link BadAdmissionReview} with a one-line reason.
 */
public final class AdmissionReviewReader {
    /** The kube-apiserver's own limit on a request body. */
    public static final int MAX_BODY_BYTES = 3 * 1024 * 1024;
    private static final String API_VERSION = "admission.k8s.io/v1";
    private static final int FIRST_READ_BYTES = 4096;

    private final ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public AdmissionRequest read(InputStream body) {
        return read(body, -1);
    }

    /** As {@link #read(InputStream)}, for a body announced as {@code length} bytes (-1: not announced). */
    public AdmissionRequest read(InputStream body, int length) {
        Body bytes = readLimited(body, length);
        if (bytes.length() == 0) {
            throw new BadAdmissionReview("empty body: expected an " + API_VERSION + " AdmissionReview");
        }
        ObjectNode review = parse(bytes);
        String apiVersion = review.path("apiVersion").isValueNode() ? review.get("apiVersion").asText() : null;
        String kind = review.path("kind").isValueNode() ? review.get("kind").asText() : null;
        if (!API_VERSION.equals(apiVersion) || !"AdmissionReview".equals(kind)) {
            throw new BadAdmissionReview("expected apiVersion " + API_VERSION + " and kind AdmissionReview, got "
                    + apiVersion + " " + kind);
        }
        JsonNode requestTree = review.get("request");
        if (requestTree == null || requestTree.isNull()) {
            throw new BadAdmissionReview("request: required field is missing");
        }
        if (!(requestTree instanceof ObjectNode fields)) {
            throw new BadAdmissionReview("malformed AdmissionReview: request must be an object");
        }
        JsonNode object = objectField(fields.remove("object"), "object");
        JsonNode oldObject = objectField(fields.remove("oldObject"), "oldObject");
        AdmissionRequest request = RawObjectsRequest.of(fields, object, oldObject);
        if (request.getUid() == null || request.getUid().isBlank()) {
            throw new BadAdmissionReview("request.uid: required field is missing");
        }
        if (request.getOperation() == null) {
            throw new BadAdmissionReview("request.operation: required field is missing");
        }
        return request;
    }

    /**
     * The review as a JSON tree. Its request is read field by field ({@link RawObjectsRequest#of}), its
     * {@code object} and {@code oldObject} kept as trees: most requests only forward them.
     */
    private ObjectNode parse(Body body) {
        try {
            JsonNode tree = json.readTree(body.buffer(), 0, body.length());
            if (tree == null || !tree.isObject()) {
                throw new BadAdmissionReview("malformed AdmissionReview: expected a JSON object");
            }
            return (ObjectNode) tree;
        } catch (JsonProcessingException e) {
            throw new BadAdmissionReview("malformed AdmissionReview: " + oneLine(e));
        } catch (IOException e) {
            throw new BadAdmissionReview("unreadable body: " + e.getMessage());
        }
    }

    private static JsonNode objectField(JsonNode value, String field) {
        if (value != null && !value.isNull() && !value.isObject()) {
            throw new BadAdmissionReview("malformed AdmissionReview: request." + field + " must be an object");
        }
        return value;
    }

    /**
     * The body in a buffer of its announced length (one byte more, to see the end without growing), else of
     * {@value #FIRST_READ_BYTES} bytes, doubled as needed: a pod's review is a kilobyte or two, and
     * {@code InputStream.readNBytes(limit)} took 8 KB and a copy for each one. The announced length is a hint only:
     * the limit holds on what arrives.
     */
    private static Body readLimited(InputStream body, int announced) {
        try {
            byte[] buffer = new byte[announced >= 0 && announced <= MAX_BODY_BYTES ? announced + 1 : FIRST_READ_BYTES];
            int length = 0;
            for (int read = 0; read >= 0; read = body.read(buffer, length, buffer.length - length)) {
                length += read;
                if (length == buffer.length) {
                    if (length > MAX_BODY_BYTES) {
                        throw new BadAdmissionReview("body exceeds " + MAX_BODY_BYTES + " bytes");
                    }
                    buffer = Arrays.copyOf(buffer, Math.min(2 * length, MAX_BODY_BYTES + 1));
                }
            }
            return new Body(buffer, length);
        } catch (IOException e) {
            throw new BadAdmissionReview("unreadable body: " + e.getMessage());
        }
    }

    private record Body(byte[] buffer, int length) {
    }

    private static String oneLine(JsonProcessingException e) {
        String where = e.getLocation() == null ? ""
                : " at line " + e.getLocation().getLineNr() + " column " + e.getLocation().getColumnNr();
        return e.getOriginalMessage().lines().findFirst().orElse("invalid JSON") + where;
    }
}
