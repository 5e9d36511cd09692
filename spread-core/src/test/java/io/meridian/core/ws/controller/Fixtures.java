package io.meridian.core.ws.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.TestPods;
import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.PodVersions;
import io.meridian.core.ws.model.ScheduleStrategy;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Shared test data: a CloneSet-targeting spread named "ws" and helpers around it. */
final class Fixtures {
    static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");
    static final TargetReference CLONESET = new TargetReference("apps.kruise.io/v1alpha1", "CloneSet", "workload");

    /** Merges metadata.labels only: enough to tell whether a label patch is already applied. */
    static final StrategicMergePatch LABELS_ONLY = new StrategicMergePatch() {
        @Override
        public JsonNode applyToPod(JsonNode pod, JsonNode patch) {
            ObjectNode result = pod.deepCopy();
            if (patch.path("metadata").path("labels").isObject()) {
                result.with("metadata").with("labels").setAll((ObjectNode) patch.path("metadata").path("labels"));
            }
            return result;
        }

        @Override
        public JsonNode applyToPodTemplate(JsonNode template, JsonNode patch) {
            return applyToPod(template, patch);
        }
    };

    private Fixtures() {
    }

    static WorkloadSpreadSubset subset(String name, Integer max) {
        return new WorkloadSpreadSubset(name, null, null, null, max == null ? null : new IntOrString(max), null, null);
    }

    static WorkloadSpreadSubset subsetWithMin(String name, Integer max, int min) {
        return new WorkloadSpreadSubset(name, null, null, null, max == null ? null : new IntOrString(max), min, null);
    }

    static WorkloadSpread spread(List<WorkloadSpreadSubset> subsets) {
        return spread(CLONESET, subsets, null, WorkloadSpreadStatus.EMPTY);
    }

    static WorkloadSpread spread(TargetReference target, List<WorkloadSpreadSubset> subsets, ScheduleStrategy strategy,
                                 WorkloadSpreadStatus status) {
        return new WorkloadSpread("default", "ws", "ws-uid", Map.of(), 1L,
                new WorkloadSpreadSpec(target, null, subsets, strategy), status);
    }

    static WorkloadSpreadStatus statusOf(SubsetStatus... rows) {
        return new WorkloadSpreadStatus(1L, List.of(rows), Map.of());
    }

    static SubsetStatus row(String name, Map<String, Instant> creating, Map<String, Instant> deleting) {
        return new SubsetStatus(name, 0, 0, creating, deleting, List.of());
    }

    /** An active, scheduled pod of the CloneSet annotated into {@code subset}. */
    static TestPods inSubset(String name, String subset) {
        return TestPods.pod(name).onNode("node-1").phase("Running").ownedBy("CloneSet", "workload")
                .annotation(MatchedWorkloadSpread.ANNOTATION, new MatchedWorkloadSpread("ws", subset, "").toAnnotationValue());
    }

    static SyncInput input(WorkloadSpread spread, int replicas, List<Pod> pods) {
        return input(spread, replicas, pods, List.of());
    }

    static SyncInput input(WorkloadSpread spread, int replicas, List<Pod> pods, List<Node> nodes) {
        return new SyncInput(spread, new TargetWorkload(true, replicas, null, PodVersions.VERSION_IGNORED), pods, nodes,
                NOW, PodVersions.DEFAULT_ENABLED_KINDS, Optional.empty());
    }

    static SyncInput versioned(WorkloadSpread spread, int replicas, List<Pod> pods, String latest) {
        return new SyncInput(spread, new TargetWorkload(true, replicas, null, latest), pods, List.of(),
                NOW, Set.of("cloneset"), Optional.empty());
    }

    static SyncDecision sync(SyncInput input) {
        return (SyncDecision) new WorkloadSpreadSync(LABELS_ONLY).sync(input);
    }

    /** The pod's deletion cost once the decision's patches are applied; null when absent. */
    static String costAfter(SyncDecision decision, Pod pod) {
        return decision.deletionCostPatches().stream().filter(p -> p.podName().equals(pod.getMetadata().getName()))
                .map(DeletionCostPatch::value).findFirst()
                .orElse(pod.getMetadata().getAnnotations() == null ? null
                        : pod.getMetadata().getAnnotations().get(DeletionCosts.ANNOTATION));
    }
}
