package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.ws.PodVersions;
import io.meridian.core.ws.admission.AdmissionSettings;
import io.meridian.core.ws.controller.DeletionCosts;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;

/**
 * The pod deletion cost an admission writes itself (§1.8): the value the next controller sync gives
 * a pod of its version that its subset keeps, {@code 100*(N-i)} for the latest version in subset i.
 * Without it a pod has no cost (0) until that sync's mutation is applied, and a scale-down in between
 * deletes it before the pods of later subsets. Admission keeps a subset within its maxReplicas, so the
 * kept cost is the right one; the sync still corrects what only it can see (minReplicas holders,
 * overflow after a spec change, older versions it learns about).
 */
final class InitialDeletionCost {
    private static final String POINTER = "/metadata/annotations/" + escape(DeletionCosts.ANNOTATION);
    /** The versioned-status kinds the sync uses, built once (each admitted pod asks). */
    private static final Set<String> VERSIONED_KINDS =
            Set.copyOf(PodVersions.enabledKinds(AdmissionSettings.defaults().versionedStatusKinds()));

    private InitialDeletionCost() {
    }

    /**
     * @param latestVersion the target's latest pod version, null when unknown; unknown or versionIgnored
     *                      (e.g. a Deployment whose newest ReplicaSet is not known yet) takes the pod to be
     *                      of the latest version: workloads create pods of their latest version
     */
    static OptionalInt of(WorkloadSpread spread, String subset, JsonNode mutatedPod, String latestVersion) {
        if (subset == null || !DeletionCosts.appliesTo(spread.spec().targetRef())) {
            return OptionalInt.empty();
        }
        List<WorkloadSpreadSubset> subsets = spread.spec().subsets();
        int index = -1;
        for (int i = 0; i < subsets.size(); i++) {
            if (subsets.get(i).name().equals(subset)) {
                index = i;
                break;
            }
        }
        if (index < 0) {
            return OptionalInt.empty();
        }
        boolean latest = latestVersion == null || latestVersion.isEmpty() || PodVersions.VERSION_IGNORED.equals(latestVersion)
                || latestVersion.equals(versionOf(mutatedPod));
        int n = subsets.size();
        return OptionalInt.of(DeletionCosts.keptCost(n, DeletionCosts.effectiveIndex(index, n, latest)));
    }

    /**
     * The kernel's patch followed by the operation that sets the cost: an {@code add} of the annotation,
     * or of the annotations object when the patched pod has none. Unchanged when the pod carries the value.
     */
    static ArrayNode appendTo(ArrayNode kernelPatch, JsonNode mutatedPod, String cost) {
        ArrayNode patch = kernelPatch == null ? JsonNodeFactory.instance.arrayNode() : kernelPatch.deepCopy();
        JsonNode annotations = mutatedPod.path("metadata").path("annotations");
        if (cost.equals(annotations.path(DeletionCosts.ANNOTATION).asText(null))) {
            return patch;
        }
        ObjectNode op = patch.addObject().put("op", "add");
        if (annotations.isObject()) {
            op.put("path", POINTER).put("value", cost);
        } else {
            op.put("path", "/metadata/annotations");
            op.putObject("value").put(DeletionCosts.ANNOTATION, cost);
        }
        return patch;
    }

    /** The pod's version as the sync groups it (§1.4, the same versioned-status kinds). */
    private static String versionOf(JsonNode pod) {
        String ownerKind = null;
        for (JsonNode ref : pod.path("metadata").path("ownerReferences")) {
            if (ref.path("controller").asBoolean(false)) {
                ownerKind = ref.path("kind").asText(null);
                break;
            }
        }
        Map<String, String> labels = new TreeMap<>();
        pod.path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        return PodVersions.versionOf(pod.path("kind").asText("Pod"), ownerKind, labels,
                VERSIONED_KINDS);
    }

    /** RFC 6901: {@code ~} as {@code ~0}, {@code /} as {@code ~1}. */
    static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
