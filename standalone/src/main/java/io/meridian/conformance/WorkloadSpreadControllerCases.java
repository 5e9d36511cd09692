package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.KubeTimes;
import io.meridian.core.k8s.Pods;
import io.meridian.core.patch.KubernetesStrategicMergePatch;
import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ws.controller.DeletionCostPatch;
import io.meridian.core.ws.controller.DeletionCosts;
import io.meridian.core.ws.controller.PodCost;
import io.meridian.core.ws.controller.SchedulableConditions;
import io.meridian.core.ws.controller.SubsetMatch;
import io.meridian.core.ws.controller.SubsetMatcher;
import io.meridian.core.ws.controller.SyncDecision;
import io.meridian.core.ws.controller.SyncFailure;
import io.meridian.core.ws.controller.SyncOutcome;
import io.meridian.core.ws.controller.WorkloadSpreadSync;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Conformance cases: kruise.ws/reconcileStatus kruise.ws/deletionCost kruise.ws/requeue kruise.ws/reschedule kruise.ws/matchSubset. */
final class WorkloadSpreadControllerCases implements CaseFamily {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final StrategicMergePatch patcher = new KubernetesStrategicMergePatch();

    @Override
    public Map<String, CaseHandler> handlers() {
        Map<String, CaseHandler> handlers = new LinkedHashMap<>();
        handlers.put("kruise.ws/reconcileStatus", this::reconcileStatus);
        handlers.put("kruise.ws/deletionCost", this::deletionCost);
        handlers.put("kruise.ws/requeue", this::requeue);
        handlers.put("kruise.ws/reschedule", this::reschedule);
        handlers.put("kruise.ws/matchSubset", this::matchSubset);
        return handlers;
    }

    private record Synced(WorkloadSpreadSyncCase syncCase, SyncDecision decision) {
    }

    private Synced sync(JsonNode input, int defaultReplicas) {
        WorkloadSpreadSyncCase syncCase = WorkloadSpreadSyncCase.from(input, defaultReplicas);
        SyncOutcome outcome = new WorkloadSpreadSync(patcher).sync(syncCase.input());
        if (outcome instanceof SyncFailure failure) {
            throw new IllegalStateException("sync failed: " + failure.reason());
        }
        return new Synced(syncCase, (SyncDecision) outcome);
    }

    private CaseOutcome reconcileStatus(JsonNode testCase) {
        JsonNode expected = testCase.path("expected");
        Synced synced = sync(testCase.path("input"), 0);
        List<String> differences = new ArrayList<>();
        if (expected.has("subsetStatuses")) {
            note(differences, "subsetStatuses", JsonDiff.describe(expected.get("subsetStatuses"),
                    rows(synced.decision().status().subsetStatuses(), expected.get("subsetStatuses"))));
        }
        if (expected.has("versionedSubsetStatuses")) {
            ObjectNode actual = JSON.createObjectNode();
            synced.decision().status().versionedSubsetStatuses().forEach((version, rows) ->
                    actual.set(version, rows(rows, expected.get("versionedSubsetStatuses").path(version))));
            note(differences, "versionedSubsetStatuses", JsonDiff.describe(expected.get("versionedSubsetStatuses"), actual));
        }
        if (expected.has("deletionCost")) {
            note(differences, "deletionCost", JsonDiff.describe(expected.get("deletionCost"),
                    costsAfter(synced.syncCase().input().pods(), synced.decision().deletionCostPatches())));
        }
        if (expected.has("events")) {
            ArrayNode events = JSON.createArrayNode();
            synced.decision().events().forEach(e -> events.add(e.reason() + " for " + e.object()));
            note(differences, "events", JsonDiff.describeUnordered(expected.get("events"), events));
        }
        return CaseOutcome.passUnless(differences.isEmpty() ? null : String.join("; ", differences));
    }

    private CaseOutcome requeue(JsonNode testCase) {
        Synced synced = sync(testCase.path("input"), 0);
        // Upstream reports "no requeue" as a zero delay.
        long seconds = synced.decision().requeueAfter().map(java.time.Duration::toSeconds).orElse(0L);
        JsonNode expected = testCase.path("expected").path("requeueAfterSeconds");
        if (expected.isMissingNode() || expected.isNull()) {
            return CaseOutcome.passUnless(seconds == 0 ? null : "expected no requeue, got " + seconds + "s");
        }
        return CaseOutcome.passUnless(JsonDiff.describe(expected, JSON.getNodeFactory().numberNode(seconds)));
    }

    private CaseOutcome reschedule(JsonNode testCase) {
        JsonNode expected = testCase.path("expected");
        Synced synced = sync(testCase.path("input"), 10);
        ObjectNode conditions = JSON.createObjectNode();
        for (SubsetStatus row : synced.decision().status().subsetStatuses()) {
            Optional<Condition> c = SchedulableConditions.find(row.conditions());
            conditions.put(row.name(), c.map(Condition::getStatus).orElse(null));
        }
        List<String> differences = new ArrayList<>();
        note(differences, "schedulableCondition", JsonDiff.describe(expected.path("schedulableCondition"), conditions));
        ArrayNode deleted = JSON.createArrayNode();
        synced.decision().podsToDelete().forEach(deleted::add);
        JsonNode expectedDeleted = expected.has("podsDeleted") ? expected.get("podsDeleted") : JSON.createArrayNode();
        note(differences, "podsDeleted", JsonDiff.describeUnordered(expectedDeleted, deleted));
        return CaseOutcome.passUnless(differences.isEmpty() ? null : String.join("; ", differences));
    }

    private CaseOutcome matchSubset(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        WorkloadSpreadSubset subset = WorkloadSpreadCaseObjects.subset(input.path("subset"));
        SubsetMatch match = new SubsetMatcher(patcher).match(subset,
                WorkloadSpreadCaseObjects.node(input.path("node"), "node-1"),
                WorkloadSpreadCaseObjects.pod(input.path("pod"), null), input.path("missingReplicas").asInt());
        ObjectNode actual = JSON.createObjectNode().put("matched", match.matched()).put("score", match.score());
        ObjectNode expected = testCase.path("expected").deepCopy();
        if (!match.matched() && !expected.path("matched").asBoolean(true) && !expected.has("score")) {
            actual.remove("score");
        }
        return CaseOutcome.passUnless(JsonDiff.describe(expected, actual));
    }

    private CaseOutcome deletionCost(JsonNode testCase) {
        JsonNode input = testCase.path("input");
        List<Pod> pods = new ArrayList<>();
        input.path("pods").forEach(p -> pods.add(WorkloadSpreadCaseObjects.pod(p, null)));
        List<PodCost> costs = DeletionCosts.ofSubset(input.path("subsetsCount").asInt(), input.path("subsetIndex").asInt(),
                WorkloadSpreadCaseObjects.intOrString(input.get("maxReplicas")), input.path("workloadReplicas").asInt(), pods);
        List<DeletionCostPatch> patches = costs.stream()
                .flatMap(c -> DeletionCosts.patchFor(c.pod(), c.cost()).stream()).toList();
        ObjectNode byName = costsAfter(pods, patches);
        ArrayNode actual = JSON.createArrayNode();
        pods.forEach(p -> actual.add(byName.get(Pods.name(p))));
        return CaseOutcome.passUnless(JsonDiff.describe(testCase.path("expected").path("deletionCost"), actual));
    }

    /** Each pod's deletion-cost annotation once the patches are applied (null: absent). */
    private static ObjectNode costsAfter(List<Pod> pods, List<DeletionCostPatch> patches) {
        Map<String, String> patched = new LinkedHashMap<>();
        patches.forEach(p -> patched.put(p.podName(), p.value()));
        ObjectNode costs = JSON.createObjectNode();
        for (Pod pod : pods) {
            String value = patched.getOrDefault(Pods.name(pod), Pods.annotations(pod).get(DeletionCosts.ANNOTATION));
            costs.put(Pods.name(pod), value);
        }
        return costs;
    }

    /**
     * The rows as case JSON, limited to the fields each expected row names (and, inside
     * {@code conditions}, to the fields each expected condition names).
     */
    private static JsonNode rows(List<SubsetStatus> rows, JsonNode expectedRows) {
        ArrayNode out = JSON.createArrayNode();
        for (int i = 0; i < rows.size(); i++) {
            SubsetStatus row = rows.get(i);
            JsonNode expectedRow = expectedRows == null ? JSON.missingNode() : expectedRows.path(i);
            ObjectNode full = JSON.createObjectNode().put("name", row.name()).put("replicas", row.replicas())
                    .put("missingReplicas", row.missingReplicas());
            full.set("creatingPods", ago(row.creatingPods()));
            full.set("deletingPods", ago(row.deletingPods()));
            ArrayNode conditions = full.putArray("conditions");
            for (int c = 0; c < row.conditions().size(); c++) {
                conditions.add(retainNamed(condition(row.conditions().get(c)), expectedRow.path("conditions").path(c)));
            }
            out.add(retainNamed(full, expectedRow));
        }
        return out;
    }

    private static ObjectNode condition(Condition c) {
        ObjectNode node = JSON.createObjectNode().put("type", c.getType()).put("status", c.getStatus())
                .put("reason", c.getReason()).put("message", c.getMessage());
        KubeTimes.parse(c.getLastTransitionTime()).ifPresent(t -> node.put("lastTransitionTime", WorkloadSpreadCaseObjects.renderAgo(t)));
        return node;
    }

    /** Keeps only the fields {@code expected} names; all of them when nothing is expected there. */
    private static ObjectNode retainNamed(ObjectNode actual, JsonNode expected) {
        if (expected.isObject()) {
            List<String> names = new ArrayList<>();
            expected.fieldNames().forEachRemaining(names::add);
            actual.retain(names);
        }
        return actual;
    }

    private static ObjectNode ago(Map<String, java.time.Instant> times) {
        ObjectNode node = JSON.createObjectNode();
        times.forEach((key, time) -> node.put(key, WorkloadSpreadCaseObjects.renderAgo(time)));
        return node;
    }

    private static void note(List<String> differences, String what, String difference) {
        if (difference != null) {
            differences.add(what + ": " + difference);
        }
    }
}
