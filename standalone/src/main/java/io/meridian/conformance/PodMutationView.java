package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.ws.admission.AdmissionDecision;

/** The {@code podMutation} shape of the webhook cases: what the admission added to the pod. */
final class PodMutationView {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PodMutationView() {
    }

    static JsonNode of(JsonNode original, AdmissionDecision decision) {
        if (!(decision instanceof AdmissionDecision.Patch patch)) {
            return NullNode.instance;
        }
        JsonNode mutated = patch.mutatedPod();
        ObjectNode view = NODES.objectNode();
        putIfNotEmpty(view, "labelsAdded", added(original.path("metadata").path("labels"), mutated.path("metadata").path("labels")));
        putIfNotEmpty(view, "annotationsAdded",
                added(original.path("metadata").path("annotations"), mutated.path("metadata").path("annotations")));
        JsonNode tolerations = mutated.path("spec").path("tolerations");
        if (tolerations.isArray() && !tolerations.isEmpty()) {
            view.set("tolerations", tolerations);
        }
        putIfNotEmpty(view, "affinity", affinity(mutated.path("spec").path("affinity")));
        return view;
    }

    private static ObjectNode added(JsonNode before, JsonNode after) {
        ObjectNode added = NODES.objectNode();
        after.fields().forEachRemaining(e -> {
            if (!e.getValue().equals(before.get(e.getKey()))) {
                added.set(e.getKey(), e.getValue());
            }
        });
        return added;
    }

    private static ObjectNode affinity(JsonNode affinity) {
        ObjectNode view = NODES.objectNode();
        JsonNode nodeAffinity = affinity.path("nodeAffinity");
        if (!nodeAffinity.isObject()) {
            return view;
        }
        ObjectNode node = view.putObject("nodeAffinity");
        JsonNode required = nodeAffinity.get("requiredDuringSchedulingIgnoredDuringExecution");
        if (required != null) {
            node.set("required", required);
        }
        JsonNode preferred = nodeAffinity.get("preferredDuringSchedulingIgnoredDuringExecution");
        if (preferred != null && !preferred.isEmpty()) {
            node.set("preferred", preferred);
        }
        return view;
    }

    private static void putIfNotEmpty(ObjectNode view, String field, ObjectNode value) {
        if (!value.isEmpty()) {
            view.set(field, value);
        }
    }
}
