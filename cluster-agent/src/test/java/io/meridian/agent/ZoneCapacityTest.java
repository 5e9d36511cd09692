package io.meridian.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZoneCapacityTest {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES.mappedFeature())
            .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES.mappedFeature());

    private static GenericKubernetesResource resource(String json) {
        try {
            return JSON.readValue(json, GenericKubernetesResource.class);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static GenericKubernetesResource node(String name, String zone, boolean ready, String allocatable) {
        return resource("{apiVersion:'v1',kind:'Node',metadata:{name:'" + name + "',labels:{'topology.kubernetes.io/zone':'"
                + zone + "'}},status:{allocatable:" + allocatable + ",conditions:[{type:'Ready',status:'"
                + (ready ? "True" : "False") + "'}]}}");
    }

    private static GenericKubernetesResource pod(String node, String phase, String spec) {
        return withNode(resource("{apiVersion:'v1',kind:'Pod',metadata:{name:'p',namespace:'d'},spec:" + spec
                + ",status:{phase:'" + phase + "'}}"), node);
    }

    private static GenericKubernetesResource withNode(GenericKubernetesResource pod, String node) {
        JsonNode json = JSON.valueToTree(pod);
        ((ObjectNode) json.path("spec")).put("nodeName", node);
        return JSON.convertValue(json, GenericKubernetesResource.class);
    }

    private static final String TWO_CONTAINERS = "{containers:[{resources:{requests:{cpu:'500m',memory:'1Gi'}}},"
            + "{resources:{requests:{cpu:'250m'}}}],initContainers:[{resources:{requests:{cpu:'2'}}}]}";

    @Test
    void allocatableResourcesOfReadyNodesAreSummedPerZoneInMillicoresAndBytes() {
        JsonNode zones = ZoneCapacity.of(List.of(node("a-0", "a", true, "{pods:'10',cpu:'4',memory:'8Gi'}"),
                node("a-1", "a", true, "{pods:'10',cpu:'3500m',memory:'8Gi'}"),
                node("a-2", "a", false, "{pods:'10',cpu:'64',memory:'8Gi'}")), List.of()).path("zones").path("a");

        assertThat(zones.path("allocatablePods").asLong()).isEqualTo(20);
        assertThat(zones.path("allocatable").path("cpu").asLong()).isEqualTo(7500);
        assertThat(zones.path("allocatable").path("memory").asLong()).isEqualTo(16L << 30);
        assertThat(zones.path("allocatable").has("pods")).isFalse();
    }

    @Test
    void requestsOfActivePodsCountTheLargerOfInitAndContainers() {
        JsonNode zone = ZoneCapacity.of(List.of(node("a-0", "a", true, "{pods:'10',cpu:'4',memory:'8Gi'}")),
                List.of(pod("a-0", "Running", TWO_CONTAINERS), pod("a-0", "Pending", TWO_CONTAINERS),
                        pod("a-0", "Succeeded", TWO_CONTAINERS))).path("zones").path("a");

        assertThat(zone.path("usedPods").asLong()).isEqualTo(2);
        assertThat(zone.path("freePods").asLong()).isEqualTo(8);
        assertThat(zone.path("requested").path("cpu").asLong()).isEqualTo(4000);
        assertThat(zone.path("requested").path("memory").asLong()).isEqualTo(2L << 30);
    }

    @Test
    void podsWithoutRequestsTakeASlotAndNoResources() {
        JsonNode zone = ZoneCapacity.of(List.of(node("a-0", "a", true, "{pods:'10',cpu:'4'}")),
                List.of(pod("a-0", "Running", "{containers:[{name:'web'}]}"))).path("zones").path("a");

        assertThat(zone.path("usedPods").asLong()).isEqualTo(1);
        assertThat(zone.path("requested").isEmpty()).isTrue();
    }
}
