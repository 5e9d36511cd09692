package io.meridian.command.ud;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ud.api.SubsetWorkload;
import io.meridian.command.ws.KernelJson;
import java.util.Map;

/** UnitedDeployment manifests and subset workloads as the agents report them, for tests. */
final class UdManifests {
    static final String HOST = "member1";

    private UdManifests() {
    }

    /** {@code apps.kruise.io/v1alpha1} with a CloneSet template; subset {@code a} at most 4, subset {@code b} the rest. */
    static ObjectNode capacityPlanning(int replicas) {
        return parse("""
                {"apiVersion": "apps.kruise.io/v1alpha1", "kind": "UnitedDeployment",
                 "metadata": {"name": "ud", "namespace": "ns", "uid": "ud-uid"},
                 "spec": {"replicas": %d, "selector": {"matchLabels": {"app": "web"}},
                  "template": {"cloneSetTemplate": {"metadata": {"labels": {"app": "web"}},
                    "spec": {"selector": {"matchLabels": {"app": "web"}},
                             "template": {"metadata": {"labels": {"app": "web"}},
                                          "spec": {"containers": [{"name": "main", "image": "nginx"}]}}}}},
                  "topology": {"subsets": [
                    {"name": "a", "nodeSelectorTerm": {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a"]}]},
                     "maxReplicas": 4},
                    {"name": "b", "nodeSelectorTerm": {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["b"]}]}}]}}}
                """.formatted(replicas));
    }

    /** The same with subset {@code a} in member cluster {@code a-cluster} and {@code b} in {@code b-cluster}. */
    static ObjectNode inMembers(int replicas) {
        ObjectNode ud = capacityPlanning(replicas);
        ArrayNode subsets = (ArrayNode) ud.at("/spec/topology/subsets");
        ((ObjectNode) subsets.get(0)).put("cluster", "a-cluster");
        ((ObjectNode) subsets.get(1)).put("cluster", "b-cluster");
        return ud;
    }

    /** Adaptive: subset a at most 4 (min 0), b the rest. */
    static ObjectNode adaptive(int replicas) {
        ObjectNode ud = capacityPlanning(replicas);
        ((ObjectNode) ud.at("/spec/topology")).putObject("scheduleStrategy").put("type", "Adaptive");
        return ud;
    }

    static ObjectNode withSubsetCluster(ObjectNode ud, int subset, String cluster) {
        ((ObjectNode) ud.at("/spec/topology/subsets").get(subset)).put("cluster", cluster);
        return ud;
    }

    /** A CloneSet of subset {@code subset} at {@code replicas} (all ready), as the reconcile created it. */
    static SubsetWorkload cloneSet(String cluster, String name, String subset, int replicas, String revision) {
        ObjectNode cs = parse("""
                {"apiVersion": "apps.kruise.io/v1alpha1", "kind": "CloneSet",
                 "metadata": {"name": "%s", "namespace": "ns",
                   "labels": {"app": "web", "apps.kruise.io/subset-name": "%s", "apps.kruise.io/controller-revision-hash": "%s"},
                   "annotations": {"apps.meridian.io/united-deployment": "member1/ns/ud"}},
                 "spec": {"replicas": %d, "updateStrategy": {"partition": 0}},
                 "status": {"replicas": %d, "readyReplicas": %d, "updatedReplicas": %d, "updatedReadyReplicas": %d}}
                """.formatted(name, subset, revision, replicas, replicas, replicas, replicas, replicas));
        return new SubsetWorkload(cluster, cs);
    }

    static SubsetWorkload withReady(SubsetWorkload workload, int ready) {
        ObjectNode copy = workload.manifest().deepCopy();
        ObjectNode status = (ObjectNode) copy.get("status");
        status.put("readyReplicas", ready).put("updatedReadyReplicas", ready);
        return new SubsetWorkload(workload.cluster(), copy);
    }

    static Map<String, Integer> replicas(int a, int b) {
        return Map.of("a", a, "b", b);
    }

    static ObjectNode parse(String json) {
        try {
            return (ObjectNode) KernelJson.JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static JsonNode spec(JsonNode manifest) {
        return manifest.path("spec");
    }
}
