package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;

/** The webhook's answer for one pod, with a one-line human reason. */
public sealed interface AdmissionDecision {
    int NOT_FOUND = 404;
    int FORBIDDEN = 403;

    String reason();

    static AdmissionDecision patch(ArrayNode jsonPatch, JsonNode mutatedPod, String subset, String reason) {
        return new Patch(jsonPatch, mutatedPod, subset, reason);
    }

    static AdmissionDecision allow(String reason) {
        return new Allow(reason);
    }

    static AdmissionDecision deny(String reason) {
        return new Deny(FORBIDDEN, reason);
    }

    static AdmissionDecision notFound(String reason) {
        return new Deny(NOT_FOUND, reason);
    }

    /** Admit with this RFC 6902 patch; {@code mutatedPod} is the pod after it. */
    record Patch(ArrayNode jsonPatch, JsonNode mutatedPod, String subset, String reason) implements AdmissionDecision {
    }

    /** Admit unchanged. */
    record Allow(String reason) implements AdmissionDecision {
    }

    /** Answer with an error: {@code code} 404 when an owner could not be read. */
    record Deny(int code, String reason) implements AdmissionDecision {
    }
}
