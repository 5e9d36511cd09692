package io.meridian.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.schemas.ObjectRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-kind and per-namespace indexes answer as a scan of every object would. */
class ClusterStateIndexTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ClusterState state = new ClusterState();

    private void put(String cluster, String kind, String namespace, String name) {
        state.upsert(cluster, new ObjectRef("v1", kind, namespace, name, null, null), JSON.createObjectNode());
    }

    private static List<String> names(List<? extends JsonNode> objects) {
        return objects.stream().map(o -> o.path("kind").asText() + "/" + o.path("metadata").path("name").asText()).toList();
    }

    @Test
    void workloadsOfANamespaceAreEverythingButPodsNodesAndSpreadsInKindAndNameOrder() {
        put("c1", "ReplicaSet", "ns", "web-1");
        put("c1", "Deployment", "ns", "web");
        put("c1", "Pod", "ns", "web-1-a");
        put("c1", "WorkloadSpread", "ns", "spread");
        put("c1", "Node", "", "n1");
        put("c1", "PropagationPolicy", "ns", "all");
        put("c1", "Deployment", "ns", "api");
        put("c1", "Deployment", "other", "api");

        assertThat(names(state.workloads("c1", "ns")))
                .containsExactly("Deployment/api", "Deployment/web", "PropagationPolicy/all", "ReplicaSet/web-1");
    }

    @Test
    void aDeletedWorkloadLeavesItsNamespacesWorkloads() {
        put("c1", "Deployment", "ns", "web");
        put("c1", "Deployment", "ns", "api");

        state.delete("c1", new ObjectRef("apps/v1", "Deployment", "ns", "web", null, null));

        assertThat(names(state.workloads("c1", "ns"))).containsExactly("Deployment/api");
        assertThat(state.ofKind("c1", "Deployment")).hasSize(1);
    }

    @Test
    void anUpdatedObjectReplacesItsPreviousVersionInTheIndexes() throws Exception {
        state.upsert("c1", new ObjectRef("apps/v1", "Deployment", "ns", "web", null, null),
                JSON.readTree("{\"spec\":{\"replicas\":1}}"));
        state.upsert("c1", new ObjectRef("apps/v1", "Deployment", "ns", "web", null, null),
                JSON.readTree("{\"spec\":{\"replicas\":5}}"));

        assertThat(state.workloads("c1", "ns")).singleElement()
                .satisfies(o -> assertThat(o.path("spec").path("replicas").asInt()).isEqualTo(5));
        assertThat(state.ofKind("c1", "ns", "Deployment")).singleElement()
                .satisfies(o -> assertThat(o.path("spec").path("replicas").asInt()).isEqualTo(5));
    }

    @Test
    void objectsOfAKindAreReadPerNamespaceInNameOrder() {
        put("c1", "PropagationPolicy", "ns", "b");
        put("c1", "PropagationPolicy", "ns", "a");
        put("c1", "PropagationPolicy", "other", "c");
        put("c1", "Deployment", "ns", "d");

        assertThat(names(state.ofKind("c1", "ns", "PropagationPolicy")))
                .containsExactly("PropagationPolicy/a", "PropagationPolicy/b");
        assertThat(names(state.ofKind("c1", null, "PropagationPolicy")))
                .containsExactly("PropagationPolicy/a", "PropagationPolicy/b", "PropagationPolicy/c");
    }

    @Test
    void podsNodesAndSpreadsComeFromTheirOwnKindOnly() {
        put("c1", "Pod", "ns", "p2");
        put("c1", "Pod", "ns", "p1");
        put("c1", "Pod", "other", "p3");
        put("c1", "Node", "", "n1");
        put("c1", "WorkloadSpread", "ns", "s1");
        put("c2", "Pod", "ns", "p4");

        assertThat(names(state.pods("c1", "ns"))).containsExactly("Pod/p1", "Pod/p2");
        assertThat(names(state.nodes("c1"))).containsExactly("Node/n1");
        assertThat(names(state.spreads("c1"))).containsExactly("WorkloadSpread/s1");
        assertThat(names(state.spreads("c1", "other"))).isEmpty();
    }

    @Test
    void aStoredObjectIsTheReportedBodyWithItsIdentity() throws Exception {
        JsonNode body = JSON.readTree("""
                {"metadata":{"labels":{"app":"web"},"ownerReferences":[{"kind":"ReplicaSet","name":"web-1","controller":true}]},
                 "spec":{"nodeName":"n1","priority":0,"tolerationSeconds":300,"big":123456789012,"ratio":0.5},
                 "status":{"phase":"Running","conditions":[{"type":"Ready","status":"True","lastProbeTime":null}]}}""");

        state.upsert("c1", new ObjectRef("v1", "Pod", "ns", "web-1-a", "uid-1", "7"), body);

        JsonNode expected = JSON.readTree("""
                {"metadata":{"labels":{"app":"web"},"ownerReferences":[{"kind":"ReplicaSet","name":"web-1","controller":true}],
                             "name":"web-1-a","namespace":"ns","uid":"uid-1"},
                 "spec":{"nodeName":"n1","priority":0,"tolerationSeconds":300,"big":123456789012,"ratio":0.5},
                 "status":{"phase":"Running","conditions":[{"type":"Ready","status":"True","lastProbeTime":null}]},
                 "apiVersion":"v1","kind":"Pod"}""");
        JsonNode stored = state.find("c1", "ns", "Pod", "web-1-a").orElseThrow();
        assertThat(stored).isEqualTo(expected);
        assertThat(JSON.writeValueAsString(stored)).isEqualTo(JSON.writeValueAsString(expected));
    }

    @Test
    void equalTextOfDifferentObjectsIsHeldOnce() throws Exception {
        state.upsert("c1", new ObjectRef("v1", "Pod", "ns", "a", null, null),
                JSON.readTree("{\"status\":{\"phase\":\"Running\"}}"));
        state.upsert("c2", new ObjectRef("v1", "Pod", "ns", "b", null, null),
                JSON.readTree("{\"status\":{\"phase\":\"Running\"}}"));

        JsonNode a = state.find("c1", "ns", "Pod", "a").orElseThrow().path("status").path("phase");
        JsonNode b = state.find("c2", "ns", "Pod", "b").orElseThrow().path("status").path("phase");
        assertThat(a).isSameAs(b);
    }

    @Test
    void aStoredObjectCanBeChangedWithoutChangingTheBodyItCameFrom() throws Exception {
        JsonNode body = JSON.readTree("{\"metadata\":{\"labels\":{\"app\":\"web\"}}}");
        state.upsert("c1", new ObjectRef("v1", "Pod", "ns", "a", null, null), body);

        com.fasterxml.jackson.databind.node.ObjectNode stored = state.find("c1", "ns", "Pod", "a").orElseThrow();
        ((com.fasterxml.jackson.databind.node.ObjectNode) stored.path("metadata").path("labels")).put("app", "api").put("tier", "1");
        ((com.fasterxml.jackson.databind.node.ObjectNode) stored.path("metadata")).remove("labels");

        assertThat(body.path("metadata").path("labels").path("app").asText()).isEqualTo("web");
        assertThat(stored.path("metadata").has("labels")).isFalse();
        assertThat(stored.path("metadata").path("name").asText()).isEqualTo("a");
    }

    @Test
    void theWorkloadsOfOneKindAreReadFromTheNamespaceInNameOrder() {
        put("c1", "PropagationPolicy", "ns", "b");
        put("c1", "PropagationPolicy", "ns", "a");
        put("c1", "PropagationPolicyX", "ns", "c");
        put("c1", "Propagation", "ns", "d");
        put("c1", "PropagationPolicy", "other", "e");

        assertThat(names(state.workloads("c1", "ns", "PropagationPolicy")))
                .containsExactly("PropagationPolicy/a", "PropagationPolicy/b");
    }
}
