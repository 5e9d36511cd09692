package io.meridian.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;

/**
 * Cuts an object down to what the control plane decides with. Pods and nodes are trimmed to the
 * fields placement reads (they are the bulk of the traffic); workloads and our custom resources keep
 * metadata essentials, spec and status.
 */
final class ObjectCompactor {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> METADATA = List.of("labels", "annotations", "ownerReferences", "generation",
            "creationTimestamp", "deletionTimestamp", "generateName", "uid", "resourceVersion");
    private static final List<String> POD_SPEC = List.of("nodeName", "nodeSelector", "affinity", "tolerations",
            "priorityClassName", "priority", "schedulerName");
    private static final List<String> POD_STATUS = List.of("phase", "conditions", "startTime");
    private static final List<String> NODE_SPEC = List.of("taints", "unschedulable");
    private static final List<String> NODE_STATUS = List.of("allocatable", "capacity", "conditions");

    private ObjectCompactor() {
    }

    static ObjectNode compact(GenericKubernetesResource resource) {
        JsonNode full = JSON.valueToTree(resource);
        ObjectNode body = JSON.createObjectNode();
        body.set("metadata", pick(full.path("metadata"), METADATA));
        switch (resource.getKind()) {
            case "Pod" -> {
                body.set("spec", pick(full.path("spec"), POD_SPEC));
                ObjectNode status = pick(full.path("status"), POD_STATUS);
                status.put("restarts", maxRestarts(full.path("status").path("containerStatuses")));
                body.set("status", status);
            }
            case "Node" -> {
                body.set("spec", pick(full.path("spec"), NODE_SPEC));
                body.set("status", pick(full.path("status"), NODE_STATUS));
            }
            default -> {
                copyIfPresent(full, body, "spec");
                copyIfPresent(full, body, "status");
            }
        }
        return body;
    }

    private static ObjectNode pick(JsonNode source, List<String> fields) {
        ObjectNode picked = JSON.createObjectNode();
        for (String field : fields) {
            JsonNode value = source.get(field);
            if (value != null && !value.isNull()) {
                picked.set(field, value);
            }
        }
        return picked;
    }

    private static void copyIfPresent(JsonNode source, ObjectNode target, String field) {
        JsonNode value = source.get(field);
        if (value != null && !value.isNull()) {
            target.set(field, value);
        }
    }

    private static int maxRestarts(JsonNode containerStatuses) {
        int max = 0;
        for (JsonNode status : containerStatuses) {
            max = Math.max(max, status.path("restartCount").asInt(0));
        }
        return max;
    }
}
