package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/** A deleting pod recorded in its subset's deletingPods (frees a slot until the pod is gone or 15 s pass). */
public record PodDeletionRecorded(String id, String decisionId, String kernelVersion, String operation, Instant now,
                                  JsonNode pod, List<JsonNode> clusterObjects, String reason, ReservationChange deleting,
                                  Instant syncDueAt, long domainSequence) {
}
