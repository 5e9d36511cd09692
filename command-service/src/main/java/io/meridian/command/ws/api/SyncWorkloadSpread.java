package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * One controller sync from what the cluster state shows: the target workload ({@code null} when it
 * does not exist), its latest pod version, its pods and the nodes. {@code trigger} says why;
 * {@code rearm} (the first sync after a start) schedules the recorded next sync again, since the
 * in-memory deadline manager lost it.
 */
public record SyncWorkloadSpread(@TargetAggregateIdentifier String id, String decisionId, Instant now, String trigger,
                                 boolean rearm, JsonNode workload, String latestVersion, List<JsonNode> pods,
                                 List<JsonNode> nodes) {
}
