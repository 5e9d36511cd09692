package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.Objects;

/**
 * Writes a subset into a pod (§1.3 step 6): tolerations, node affinity, the subset patch (clearing
 * {@code spec.priority} when the patch changes {@code priorityClassName}) and the matched annotation.
 * A subset patch that is not a valid strategic merge patch raises {@link IllegalArgumentException}.
 */
final class PodInjection {
    private static final String REQUIRED = "requiredDuringSchedulingIgnoredDuringExecution";
    private static final String PREFERRED = "preferredDuringSchedulingIgnoredDuringExecution";

    private final StrategicMergePatch strategicMergePatch;

    PodInjection(StrategicMergePatch strategicMergePatch) {
        this.strategicMergePatch = strategicMergePatch;
    }

    /** A new pod document; {@code pod} is left as it was. */
    JsonNode inject(JsonNode pod, WorkloadSpreadSubset subset, MatchedWorkloadSpread matched) {
        ObjectNode mutated = pod.deepCopy();
        ObjectNode spec = object(mutated, "spec");
        appendTolerations(spec, subset);
        ObjectNode nodeAffinity = object(object(spec, "affinity"), "nodeAffinity");
        appendPreferredTerms(nodeAffinity, subset);
        mergeRequiredTerm(nodeAffinity, subset);
        JsonNode patched = applyPatch(mutated, subset.patch());
        ObjectNode result = patched.isObject() ? (ObjectNode) patched : mutated;
        object(object(result, "metadata"), "annotations").put(MatchedWorkloadSpread.ANNOTATION, matched.toAnnotationValue());
        return result;
    }

    private static void appendTolerations(ObjectNode spec, WorkloadSpreadSubset subset) {
        if (subset.tolerations().isEmpty()) {
            return;
        }
        ArrayNode tolerations = array(spec, "tolerations");
        subset.tolerations().forEach(t -> tolerations.add(SchedulingJson.toleration(t)));
    }

    private static void appendPreferredTerms(ObjectNode nodeAffinity, WorkloadSpreadSubset subset) {
        if (subset.preferredNodeSelector().isEmpty()) {
            return;
        }
        ArrayNode preferred = array(nodeAffinity, PREFERRED);
        subset.preferredNodeSelector().forEach(term -> preferred.add(SchedulingJson.preferred(term)));
    }

    /** The subset's term ANDs into every OR-branch the pod already has, or becomes the only branch. */
    private static void mergeRequiredTerm(ObjectNode nodeAffinity, WorkloadSpreadSubset subset) {
        if (subset.requiredNodeSelector() == null) {
            return;
        }
        JsonNode term = SchedulingJson.term(subset.requiredNodeSelector());
        ArrayNode terms = array(object(nodeAffinity, REQUIRED), "nodeSelectorTerms");
        if (terms.isEmpty()) {
            terms.add(term);
            return;
        }
        for (JsonNode existing : terms) {
            if (existing.isObject()) {
                appendAll((ObjectNode) existing, "matchExpressions", term.path("matchExpressions"));
                appendAll((ObjectNode) existing, "matchFields", term.path("matchFields"));
            }
        }
    }

    private static void appendAll(ObjectNode term, String field, JsonNode additions) {
        if (additions.isArray() && !additions.isEmpty()) {
            ArrayNode target = array(term, field);
            additions.forEach(a -> target.add(a.deepCopy()));
        }
    }

    /** The object at {@code field}, created when absent or not an object (e.g. an explicit null). */
    private static ObjectNode object(ObjectNode parent, String field) {
        JsonNode current = parent.get(field);
        return current instanceof ObjectNode existing ? existing : parent.putObject(field);
    }

    private static ArrayNode array(ObjectNode parent, String field) {
        JsonNode current = parent.get(field);
        return current instanceof ArrayNode existing ? existing : parent.putArray(field);
    }

    /** Patches {@code pod}, this injection's own copy, in place where it can. */
    private JsonNode applyPatch(ObjectNode pod, JsonNode patch) {
        if (patch == null || patch.isNull() || patch.isMissingNode()) {
            return pod;
        }
        String priorityClassBefore = pod.path("spec").path("priorityClassName").asText(null);
        JsonNode patched = strategicMergePatch.applyToOwnPod(pod, patch);
        String priorityClassAfter = patched.path("spec").path("priorityClassName").asText(null);
        if (!Objects.equals(priorityClassBefore, priorityClassAfter) && patched.path("spec").isObject()) {
            ((ObjectNode) patched.get("spec")).remove("priority");
        }
        return patched;
    }
}
