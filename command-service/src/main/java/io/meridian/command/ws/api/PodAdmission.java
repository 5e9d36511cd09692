package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One recorded admission decision with its own inputs (the pod, the id generated for a nameless pod)
 * and output, with the reservation it wrote (null for none); {@code domainSequence} numbers it among
 * the aggregate's published decisions.
 */
public record PodAdmission(String decisionId, String requestUid, JsonNode pod, String generatedId,
                           AdmissionOutcome outcome, ReservationChange reservation, long domainSequence) {
}
