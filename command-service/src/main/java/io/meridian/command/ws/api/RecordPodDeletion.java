package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Bookkeeping for a pod DELETE or eviction (never blocked). Answers an {@link AdmissionOutcome}. */
public record RecordPodDeletion(@TargetAggregateIdentifier String id, String decisionId, String operation,
                                JsonNode pod, List<JsonNode> clusterObjects, Instant now, boolean dryRun) {
}
