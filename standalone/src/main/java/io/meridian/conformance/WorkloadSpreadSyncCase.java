package io.meridian.conformance;

import static io.meridian.conformance.WorkloadSpreadCaseObjects.NOW;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.ws.PodVersions;
import io.meridian.core.ws.controller.SyncInput;
import io.meridian.core.ws.controller.TargetWorkload;
import io.meridian.core.ws.controller.WhitelistEntry;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The sync input described by a reconcileStatus, requeue or reschedule case. */
record WorkloadSpreadSyncCase(SyncInput input) {

    static WorkloadSpreadSyncCase from(JsonNode in, int defaultReplicas) {
        TargetReference target = WorkloadSpreadCaseObjects.target(in);
        List<WorkloadSpreadSubset> subsets = WorkloadSpreadCaseObjects.subsets(in.path("subsets"));
        WorkloadSpreadSpec spec = new WorkloadSpreadSpec(target, WorkloadSpreadCaseObjects.targetFilter(in.get("targetFilter")),
                subsets, WorkloadSpreadCaseObjects.scheduleStrategy(in.get("scheduleStrategy")));
        WorkloadSpread spread = new WorkloadSpread(WorkloadSpreadCaseObjects.NAMESPACE, WorkloadSpreadCaseObjects.SPREAD_NAME,
                "ws-uid", Map.of(), 1L, spec, oldStatus(in, subsets));
        List<Pod> pods = new ArrayList<>();
        in.path("pods").forEach(p -> pods.add(WorkloadSpreadCaseObjects.pod(p, target)));
        List<Node> nodes = new ArrayList<>();
        in.path("nodes").forEach(n -> nodes.add(WorkloadSpreadCaseObjects.node(n, "node-" + nodes.size())));
        Set<String> versioned = new TreeSet<>(PodVersions.DEFAULT_ENABLED_KINDS);
        if (in.path("versionedStatusEnabled").asBoolean(false)) {
            versioned.add(target.kind().toLowerCase(java.util.Locale.ROOT));
        }
        Optional<WhitelistEntry> whitelist = in.has("whitelistReplicasPath")
                ? Optional.of(new WhitelistEntry(in.path("whitelistReplicasPath").asText(""))) : Optional.empty();
        return new WorkloadSpreadSyncCase(new SyncInput(spread, workload(in, defaultReplicas), pods, nodes, NOW, versioned, whitelist));
    }

    private static TargetWorkload workload(JsonNode in, int defaultReplicas) {
        if (!in.path("workloadExists").asBoolean(true)) {
            return TargetWorkload.missing();
        }
        int replicas = in.path("workloadReplicas").asInt(defaultReplicas);
        JsonNode object = WorkloadSpreadCaseObjects.unstructured(in.get("workloadObject"));
        if (!in.has("workloadObject")) {
            object = WorkloadSpreadCaseObjects.unstructured(
                    new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("spec.replicas", replicas));
        }
        return new TargetWorkload(true, replicas, object, in.path("latestVersion").asText(PodVersions.VERSION_IGNORED));
    }

    /** The old rows: per-subset {@code oldStatus}, the first subset's {@code oldCreatingPods}/{@code oldDeletingPods}, {@code oldConditions}. */
    private static WorkloadSpreadStatus oldStatus(JsonNode in, List<WorkloadSpreadSubset> subsets) {
        List<SubsetStatus> rows = new ArrayList<>();
        for (int i = 0; i < subsets.size(); i++) {
            String name = subsets.get(i).name();
            JsonNode row = in.path("oldStatus").path(name);
            Map<String, Instant> creating = WorkloadSpreadCaseObjects.timeMap(row.get("creatingPods"));
            Map<String, Instant> deleting = WorkloadSpreadCaseObjects.timeMap(row.get("deletingPods"));
            if (i == 0) {
                creating.putAll(WorkloadSpreadCaseObjects.timeMap(in.get("oldCreatingPods")));
                deleting.putAll(WorkloadSpreadCaseObjects.timeMap(in.get("oldDeletingPods")));
            }
            JsonNode condition = in.path("oldConditions").get(name);
            List<Condition> conditions = condition == null || condition.isNull()
                    ? List.of() : List.of(WorkloadSpreadCaseObjects.schedulableCondition(condition));
            rows.add(new SubsetStatus(name, row.path("replicas").asInt(0), row.path("missingReplicas").asInt(0),
                    creating, deleting, conditions));
        }
        return new WorkloadSpreadStatus(1L, rows, Map.of());
    }
}
