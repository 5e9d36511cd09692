package io.meridian.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.core.karmada.estimator.PodRequests;
import io.meridian.core.karmada.estimator.ResourceAmounts;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Capacity per zone: pod slots (allocatable on Ready, schedulable nodes, minus the active pods bound to the zone's
 * nodes) and, for the estimator, per resource what those nodes can allocate and what the active pods request
 * ({@code allocatable} and {@code requested}: cpu in millicores, memory and the rest in base units).
 */
final class ZoneCapacity {
    static final String ZONE_LABEL = "topology.kubernetes.io/zone";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ZoneCapacity() {
    }

    private static final class Zone {
        long allocatablePods;
        long usedPods;
        final Map<String, Long> allocatable = new TreeMap<>();
        final Map<String, Long> requested = new TreeMap<>();
    }

    static ObjectNode of(Collection<GenericKubernetesResource> nodes, Collection<GenericKubernetesResource> pods) {
        Map<String, String> zoneOfNode = new HashMap<>();
        TreeMap<String, Zone> zones = new TreeMap<>();
        for (GenericKubernetesResource node : nodes) {
            JsonNode json = JSON.valueToTree(node);
            String zone = json.path("metadata").path("labels").path(ZONE_LABEL).asText("");
            zoneOfNode.put(node.getMetadata().getName(), zone);
            Zone capacity = zones.computeIfAbsent(zone, z -> new Zone());
            if (isReady(json) && !json.path("spec").path("unschedulable").asBoolean(false)) {
                addAllocatable(capacity, json.path("status").path("allocatable"));
            }
        }
        for (GenericKubernetesResource pod : pods) {
            JsonNode json = JSON.valueToTree(pod);
            String zone = zoneOfNode.get(json.path("spec").path("nodeName").asText(""));
            if (zone != null && isActive(json)) {
                Zone capacity = zones.get(zone);
                capacity.usedPods++;
                PodRequests.of(json.path("spec")).forEach((r, v) -> capacity.requested.merge(r, v, Long::sum));
            }
        }
        ObjectNode body = JSON.createObjectNode();
        ObjectNode byZone = body.putObject("zones");
        zones.forEach((name, zone) -> write(byZone.putObject(name), zone));
        return body;
    }

    private static void addAllocatable(Zone zone, JsonNode allocatable) {
        allocatable.fields().forEachRemaining(e -> ResourceAmounts.amount(e.getKey(), e.getValue().asText())
                .ifPresent(amount -> {
                    if (ResourceAmounts.PODS.equals(e.getKey())) {
                        zone.allocatablePods += amount;
                    } else {
                        zone.allocatable.merge(e.getKey(), amount, Long::sum);
                    }
                }));
    }

    private static void write(ObjectNode out, Zone zone) {
        out.put("allocatablePods", zone.allocatablePods).put("usedPods", zone.usedPods)
                .put("freePods", Math.max(0, zone.allocatablePods - zone.usedPods));
        ObjectNode allocatable = out.putObject("allocatable");
        zone.allocatable.forEach(allocatable::put);
        ObjectNode requested = out.putObject("requested");
        zone.requested.forEach(requested::put);
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
