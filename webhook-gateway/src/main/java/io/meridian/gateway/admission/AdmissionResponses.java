package io.meridian.gateway.admission;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.admission.v1.AdmissionResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;

/** Builds the AdmissionResponses the gateway sends back (the uid is set by {@link AdmissionEndpoints}). */
public final class AdmissionResponses {
    /** Audit annotation key (the apiserver prefixes it with the webhook's name) carrying the decision id. */
    public static final String DECISION_ANNOTATION = "decision-id";

    private AdmissionResponses() {
    }

    public static AdmissionResponse allow() {
        AdmissionResponse response = new AdmissionResponse();
        response.setAllowed(true);
        return response;
    }

    /** Allowed, with a warning the client shows to the user (used when the gateway fails open). */
    public static AdmissionResponse allowWithWarning(String warning) {
        AdmissionResponse response = allow();
        response.setWarnings(new ArrayList<>(List.of(warning)));
        return response;
    }

    /** Allowed with an RFC 6902 patch given as JSON text: base64 and patchType JSONPatch, as the apiserver wants. */
    public static AdmissionResponse patch(String jsonPatch) {
        AdmissionResponse response = allow();
        response.setPatch(Base64.getEncoder().encodeToString(jsonPatch.getBytes(StandardCharsets.UTF_8)));
        response.setPatchType("JSONPatch");
        return response;
    }

    /** Denied with HTTP 200 and {@code allowed: false}; the status carries the code, reason and message. */
    public static AdmissionResponse deny(int code, String message) {
        AdmissionResponse response = new AdmissionResponse();
        response.setAllowed(false);
        response.setStatus(new StatusBuilder().withStatus("Failure").withCode(code).withReason(reasonOf(code))
                .withMessage(message).build());
        return response;
    }

    /**
     * Field errors joined as Kubernetes' {@code ErrorList.ToAggregate().Error()} does: duplicates dropped,
     * one error as it is, several as {@code [a, b]}.
     */
    public static String aggregate(List<String> errors) {
        List<String> distinct = new ArrayList<>(new LinkedHashSet<>(errors));
        if (distinct.size() == 1) {
            return distinct.get(0);
        }
        return "[" + String.join(", ", distinct) + "]";
    }

    private static String reasonOf(int code) {
        return switch (code) {
            case 400 -> "BadRequest";
            case 403 -> "Forbidden";
            case 404 -> "NotFound";
            case 409 -> "Conflict";
            case 422 -> "Invalid";
            case 429 -> "TooManyRequests";
            default -> code >= 500 ? "InternalError" : null;
        };
    }
}
