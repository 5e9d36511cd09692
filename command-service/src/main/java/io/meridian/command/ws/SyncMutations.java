package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.api.PlannedMutation;
import io.meridian.core.ws.controller.AdoptionPatch;
import io.meridian.core.ws.controller.DeletionCostPatch;
import io.meridian.core.ws.controller.SyncDecision;
import java.util.ArrayList;
import java.util.List;

/**
 * The mutations a sync decision asks for, numbered: the status write first (index
 * {@link #STATUS_MUTATION_INDEX}, so a failed status write is recognised), then adoptions, deletion costs and
 * pods to reschedule.
 */
final class SyncMutations {
    /** The index of the WriteStatus mutation of a sync decision. */
    static final String STATUS_MUTATION_INDEX = "0";

    private SyncMutations() {
    }

    /**
     * @param manifest     the spread's identity and spec (its apiVersion and uid go into the status write)
     * @param writeStatus  whether the status is to be written (changed, or a previous write failed)
     * @param reschedules  pods to delete because their subset has no room to adopt them
     * @param pods         the target's pods, for their uids
     */
    static List<PlannedMutation> of(String spreadName, JsonNode manifest, SyncDecision decision, boolean writeStatus,
                                    List<AdoptionPatch> adoptions, List<String> reschedules, List<JsonNode> pods) {
        List<PlannedMutation> out = new ArrayList<>();
        int next = 1;
        if (writeStatus) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            body.set("status", KernelJson.tree(decision.status()));
            out.add(new PlannedMutation(0, "WriteStatus", manifest.path("apiVersion").asText(), "WorkloadSpread",
                    spreadName, manifest.path("metadata").path("uid").asText(null), body));
        }
        for (AdoptionPatch adoption : adoptions) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            JsonNode metadata = adoption.patch().path("metadata");
            body.set("labels", metadata.path("labels").isObject() ? metadata.get("labels") : JsonNodeFactory.instance.objectNode());
            body.set("annotations", metadata.path("annotations").isObject() ? metadata.get("annotations")
                    : JsonNodeFactory.instance.objectNode());
            out.add(podMutation(next++, "PatchPod", adoption.podName(), pods, body));
        }
        for (DeletionCostPatch cost : decision.deletionCostPatches()) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            if (cost.value() == null) {
                body.putNull("cost");
            } else {
                body.put("cost", cost.value());
            }
            out.add(podMutation(next++, "SetPodDeletionCost", cost.podName(), pods, body));
        }
        for (String pod : decision.podsToDelete()) {
            ObjectNode body = JsonNodeFactory.instance.objectNode().put("reason", spreadName
                    + ": rescheduled by the Adaptive strategy (subset unschedulable)");
            out.add(podMutation(next++, "DeletePod", pod, pods, body));
        }
        for (String pod : reschedules) {
            ObjectNode body = JsonNodeFactory.instance.objectNode().put("reason", spreadName
                    + ": rescheduled, its subset has no room to adopt it (maxReplicas)");
            out.add(podMutation(next++, "DeletePod", pod, pods, body));
        }
        return out;
    }

    /** The sync decision's one-line reason. */
    static String summary(SyncDecision decision, List<String> overLimit, List<PlannedMutation> mutations) {
        return "sync: " + (decision.statusChanged() ? "status changed" : "status unchanged") + ", "
                + decision.deletionCostPatches().size() + " deletion cost(s), " + decision.adoptionPatches().size()
                + " adoption(s), " + (decision.podsToDelete().size() + overLimit.size()) + " pod(s) to reschedule"
                + (overLimit.isEmpty() ? "" : " (" + overLimit.size() + " with no room to adopt)") + ", " + mutations.size()
                + " mutation(s)";
    }

    private static PlannedMutation podMutation(int index, String type, String podName, List<JsonNode> pods, JsonNode body) {
        String uid = null;
        for (JsonNode pod : pods) {
            if (podName.equals(pod.path("metadata").path("name").asText())) {
                uid = pod.path("metadata").path("uid").asText(null);
                break;
            }
        }
        return new PlannedMutation(index, type, "v1", "Pod", podName, uid, body);
    }
}
