package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;

/** One pod CREATE of a batch: the AdmissionReview uid, the decision id given to it and the pod as sent. */
public record PodToAdmit(String requestUid, String decisionId, JsonNode pod) {
}
