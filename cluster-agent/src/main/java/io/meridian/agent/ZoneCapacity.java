package io.meridian.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** Pod slots per zone: allocatable on Ready, schedulable nodes, minus the active pods bound to them. */
final class ZoneCapacity {
    static final String ZONE_LABEL = "topology.kubernetes.io/zone";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ZoneCapacity() {
    }

    static ObjectNode of(Collection<GenericKubernetesResource> nodes, Collection<GenericKubernetesResource> pods) {
        Map<String, String> zoneOfNode = new HashMap<>();
        TreeMap<String, int[]> zones = new TreeMap<>();
        for (GenericKubernetesResource node : nodes) {
            JsonNode json = JSON.valueToTree(node);
            String zone = json.path("metadata").path("labels").path(ZONE_LABEL).asText("");
            zoneOfNode.put(node.getMetadata().getName(), zone);
            int[] slots = zones.computeIfAbsent(zone, z -> new int[2]);
            if (isReady(json) && !json.path("spec").path("unschedulable").asBoolean(false)) {
                slots[0] += json.path("status").path("allocatable").path("pods").asInt(0);
            }
        }
        for (GenericKubernetesResource pod : pods) {
            JsonNode json = JSON.valueToTree(pod);
            String zone = zoneOfNode.get(json.path("spec").path("nodeName").asText(""));
            if (zone != null && isActive(json)) {
                zones.get(zone)[1]++;
            }
        }
        ObjectNode body = JSON.createObjectNode();
        ObjectNode byZone = body.putObject("zones");
        zones.forEach((zone, slots) -> byZone.putObject(zone)
                .put("allocatablePods", slots[0]).put("usedPods", slots[1]).put("freePods", Math.max(0, slots[0] - slots[1])));
        return body;
    }

    private static boolean isReady(JsonNode node) {
        for (JsonNode condition : node.path("status").path("conditions")) {
            if ("Ready".equals(condition.path("type").asText())) {
                return "True".equals(condition.path("status").asText());
            }
        }
        return false;
    }

    private static boolean isActive(JsonNode pod) {
        String phase = pod.path("status").path("phase").asText("");
        return !phase.equals("Succeeded") && !phase.equals("Failed") && pod.path("metadata").path("deletionTimestamp").isMissingNode();
    }
}
