package io.meridian.command.ud.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A reconcile decision: {@code inputs} (the subset workloads, pods, unreachable clusters, revision), the
 * kernel's {@code output} (outcome, allocator, next replicas and partitions per subset), the {@code status} now
 * owned by the aggregate, the mutations and the Kubernetes events to record, and the next reconcile due.
 * {@code expectedReplicas} is a rebalancer's allocation still being put in place (null: none).
 */
public record UnitedDeploymentReconciled(String id, String decisionId, String kernelVersion, Instant now, String trigger,
                                         JsonNode inputs, JsonNode output, JsonNode status, boolean statusChanged,
                                         List<UdMutation> mutations, List<JsonNode> events, Long requeueAfterMillis,
                                         Instant reconcileDueAt, Map<String, Integer> expectedReplicas,
                                         String reason) {
}
