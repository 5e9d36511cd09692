package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A sync decision with its inputs ({@code inputs}: workload, latestVersion, pods, nodes) and outputs: the
 * status, the mutations and the controller events; {@code requeueAfterMillis} when another sync is due.
 */
public record WorkloadSpreadSynced(String id, String decisionId, String kernelVersion, Instant now, String trigger,
                                   JsonNode inputs, JsonNode status, boolean statusChanged,
                                   List<PlannedMutation> mutations, List<JsonNode> events, Long requeueAfterMillis,
                                   Instant syncDueAt, String reason, long domainSequence) {
}
