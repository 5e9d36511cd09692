package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builders for admission tests: a CloneSet {@code web} in namespace {@code ns} and spreads over it. */
final class Fixtures {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Instant NOW = Instant.parse("2024-05-01T10:00:00Z");
    static final String NS = "ns";
    static final TargetReference CLONESET = new TargetReference("apps.kruise.io/v1alpha1", "CloneSet", "web");
    static final ObjectRef CLONESET_OWNER = new ObjectRef("apps.kruise.io/v1alpha1", "CloneSet", "web");

    private Fixtures() {
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    static ObjectNode pod(String name, ObjectRef owner) {
        ObjectNode pod = JSON.createObjectNode();
        pod.put("apiVersion", "v1").put("kind", "Pod");
        ObjectNode metadata = pod.putObject("metadata");
        if (!name.isEmpty()) {
            metadata.put("name", name);
        }
        metadata.put("namespace", NS);
        if (owner != null) {
            metadata.putArray("ownerReferences").addObject().put("apiVersion", owner.apiVersion()).put("kind", owner.kind())
                    .put("name", owner.name()).put("controller", true);
        }
        pod.putObject("spec").putArray("containers").addObject().put("name", "main").put("image", "nginx");
        return pod;
    }

    static ObjectNode clonesetPod(String name) {
        return pod(name, CLONESET_OWNER);
    }

    static WorkloadSpreadSubset subset(String name, Integer max) {
        return subset(name, max == null ? null : new IntOrString(max), null);
    }

    static WorkloadSpreadSubset subset(String name, IntOrString max, Integer min) {
        return new WorkloadSpreadSubset(name, null, null, null, max, min, null);
    }

    static SubsetStatus row(String name, int missing) {
        return new SubsetStatus(name, 0, missing, null, null, null);
    }

    static SubsetStatus row(String name, int missing, List<String> creating) {
        Map<String, Instant> pods = new HashMap<>();
        creating.forEach(p -> pods.put(p, NOW.minusSeconds(5)));
        return new SubsetStatus(name, 0, missing, pods, null, null);
    }

    static SubsetStatus unschedulable(SubsetStatus row) {
        Condition condition = new ConditionBuilder().withType("Schedulable").withStatus("False").build();
        return new SubsetStatus(row.name(), row.replicas(), row.missingReplicas(), row.creatingPods(), row.deletingPods(),
                List.of(condition));
    }

    static WorkloadSpread spread(String name, TargetReference target, List<WorkloadSpreadSubset> subsets, List<SubsetStatus> rows) {
        return spread(name, target, null, subsets, rows);
    }

    static WorkloadSpread spread(String name, TargetReference target, TargetFilter filter, List<WorkloadSpreadSubset> subsets,
                                 List<SubsetStatus> rows) {
        Map<String, List<SubsetStatus>> versioned = rows.isEmpty() ? Map.of() : Map.of("versionIgnored", rows);
        return new WorkloadSpread(NS, name, "uid-" + name, Map.of(), 1L,
                new WorkloadSpreadSpec(target, filter, subsets, null), new WorkloadSpreadStatus(1L, List.of(), versioned));
    }

    static WorkloadSpread withTotals(WorkloadSpread spread, List<SubsetStatus> totals) {
        return new WorkloadSpread(spread.namespace(), spread.name(), spread.uid(), spread.annotations(), spread.generation(),
                spread.spec(), new WorkloadSpreadStatus(1L, totals, spread.status().versionedSubsetStatuses()));
    }

    static ClusterObject cloneset(int replicas) {
        return new ClusterObject("apps.kruise.io/v1alpha1", "CloneSet", NS, "web", null,
                json("{'spec':{'replicas':" + replicas + "}}"));
    }

    static PodCreationRequest create(JsonNode pod, WorkloadSpread spread, ClusterObject... objects) {
        return new PodCreationRequest(pod, List.of(ListedSpread.live(spread)), ClusterObjects.of(List.of(objects)),
                AdmissionSettings.defaults(), NOW, "generated-1", Map.of());
    }

    static PodCreationRequest createWithActive(JsonNode pod, WorkloadSpread spread, Map<String, Integer> active) {
        return new PodCreationRequest(pod, List.of(ListedSpread.live(spread)), ClusterObjects.of(List.of(cloneset(10))),
                AdmissionSettings.defaults(), NOW, "generated-1", Map.of(spread.name(), active));
    }

    static AdmissionResult admit(PodCreationRequest request) {
        return new PodCreationAdmission().decide(request);
    }

    static List<SubsetStatus> rowsAfter(AdmissionResult result) {
        return new ArrayList<>(((StatusChange.Recorded) result.statusChange()).rows());
    }
}
