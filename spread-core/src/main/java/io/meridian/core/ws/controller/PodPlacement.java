package io.meridian.core.ws.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.Pods;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.ScaledReplicas;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Puts the pods of one version into subsets (§1.6 step 2): annotated pods where their annotation
 * says, pods created before the spread by the best §1.7 match (adopting them), the rest into the
 * fake subset.
 */
final class PodPlacement {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final WorkloadSpread spread;
    private final List<WorkloadSpreadSubset> subsets;
    private final Map<String, Node> nodesByName;
    private final int workloadReplicas;
    private final SubsetMatcher matcher;

    PodPlacement(WorkloadSpread spread, Map<String, Node> nodesByName, int workloadReplicas, SubsetMatcher matcher) {
        this.spread = spread;
        this.subsets = spread.spec().subsets();
        this.nodesByName = nodesByName;
        this.workloadReplicas = workloadReplicas;
        this.matcher = matcher;
    }

    record Placement(List<PlacedPod> pods, List<AdoptionPatch> adoptions) {
    }

    Placement place(String version, List<Pod> pods) {
        List<Integer> quota = initialQuota(pods);
        List<PlacedPod> placed = new ArrayList<>();
        List<AdoptionPatch> adoptions = new ArrayList<>();
        for (Pod pod : pods) {
            Optional<String> annotated = annotatedSubset(pod);
            if (annotated.isPresent()) {
                placed.add(new PlacedPod(pod, version, indexOf(annotated.get()) < 0 ? PlacedPod.FAKE_SUBSET : annotated.get()));
                continue;
            }
            OptionalInt chosen = bestSubsetForOldPod(pod, quota);
            if (chosen.isEmpty()) {
                placed.add(new PlacedPod(pod, version, PlacedPod.FAKE_SUBSET));
                continue;
            }
            WorkloadSpreadSubset subset = subsets.get(chosen.getAsInt());
            quota.set(chosen.getAsInt(), quota.get(chosen.getAsInt()) - 1);
            adoptions.add(new AdoptionPatch(Pods.name(pod), subset.name(), adoptionPatch(subset)));
            placed.add(new PlacedPod(pod, version, subset.name()));
        }
        return new Placement(placed, adoptions);
    }

    /** Each subset's room, less the pods already annotated into it. */
    private List<Integer> initialQuota(List<Pod> pods) {
        List<Integer> quota = new ArrayList<>();
        for (WorkloadSpreadSubset subset : subsets) {
            quota.add(ScaledReplicas.valueOr(subset.maxReplicas(), workloadReplicas, Integer.MAX_VALUE, 0));
        }
        for (Pod pod : pods) {
            annotatedSubset(pod).map(this::indexOf).filter(i -> i >= 0).ifPresent(i -> quota.set(i, quota.get(i) - 1));
        }
        return quota;
    }

    /** The subset named by the pod's annotation, when the annotation is this spread's. */
    private Optional<String> annotatedSubset(Pod pod) {
        return MatchedWorkloadSpread.fromAnnotations(Pods.annotations(pod))
                .filter(m -> m.name().equals(spread.name()) && !m.subset().isEmpty())
                .map(MatchedWorkloadSpread::subset);
    }

    private OptionalInt bestSubsetForOldPod(Pod pod, List<Integer> quota) {
        Node node = nodesByName.get(Pods.nodeName(pod));
        if (Pods.nodeName(pod).isEmpty() || node == null) {
            return OptionalInt.empty();
        }
        return matcher.bestSubset(subsets, node, pod, quota);
    }

    private int indexOf(String subsetName) {
        for (int i = 0; i < subsets.size(); i++) {
            if (subsets.get(i).name().equals(subsetName)) {
                return i;
            }
        }
        return -1;
    }

    private JsonNode adoptionPatch(WorkloadSpreadSubset subset) {
        ObjectNode metadata = JSON.createObjectNode();
        ObjectNode labels = JSON.createObjectNode();
        ObjectNode annotations = JSON.createObjectNode();
        if (!"true".equals(spread.annotations().get(WorkloadSpread.IGNORE_PATCH_EXISTING_PODS_METADATA))) {
            JsonNode patchMetadata = subset.patch() == null ? JSON.missingNode() : subset.patch().path("metadata");
            copyFields(patchMetadata.path("labels"), labels);
            copyFields(patchMetadata.path("annotations"), annotations);
        }
        annotations.put(MatchedWorkloadSpread.ANNOTATION,
                new MatchedWorkloadSpread(spread.name(), subset.name(), "").toAnnotationValue());
        if (!labels.isEmpty()) {
            metadata.set("labels", labels);
        }
        metadata.set("annotations", annotations);
        ObjectNode patch = JSON.createObjectNode();
        patch.set("metadata", metadata);
        return patch;
    }

    private static void copyFields(JsonNode from, ObjectNode into) {
        if (from.isObject()) {
            from.fields().forEachRemaining(e -> into.set(e.getKey(), e.getValue().deepCopy()));
        }
    }
}
