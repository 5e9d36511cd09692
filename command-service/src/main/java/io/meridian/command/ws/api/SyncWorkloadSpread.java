package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * One controller sync from what the cluster state shows: the target workload ({@code null} when it
 * does not exist), its latest pod version, its pods and the nodes. {@code trigger} says why.
 */
public record SyncWorkloadSpread(@TargetAggregateIdentifier String id, String decisionId, Instant now, String trigger,
                                 JsonNode workload, String latestVersion, List<JsonNode> pods, List<JsonNode> nodes) {
}
