package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One recorded admission decision with its own inputs (of the pod: the metadata and phase the subset
 * choice reads, plus {@code sha256} of the whole pod as sent — its spec only feeds the injection, whose
 * result is the recorded patch; the id generated for a nameless pod) and output, with the reservation it wrote (null for none); {@code domainSequence} numbers it among
 * the aggregate's published decisions. {@code initialDeletionCost}: the value of
 * {@code controller.kubernetes.io/pod-deletion-cost} the admission itself set on the pod (the last
 * operation of the outcome's patch), the one the next sync would give a pod of its version in its
 * subset, so a scale-down before that sync does not delete it as a pod without cost; null when
 * the admission set none (no subset, or a target that is not scaled down by cost).
 */
public record PodAdmission(String decisionId, String requestUid, JsonNode pod, String generatedId,
                           AdmissionOutcome outcome, ReservationChange reservation, long domainSequence,
                           String initialDeletionCost) {
}
