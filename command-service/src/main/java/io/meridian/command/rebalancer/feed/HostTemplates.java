package io.meridian.command.rebalancer.feed;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The resource templates of a host cluster: the workloads a rebalancer may name or select (Deployment, StatefulSet,
 * CloneSet, UnitedDeployment), leaving out objects another one controls.
 */
public final class HostTemplates {
    public static final List<String> KINDS = List.of("Deployment", "StatefulSet", "CloneSet", "UnitedDeployment");

    private HostTemplates() {
    }

    public static List<ResourceTemplate> of(ClusterState state, String cluster) {
        List<ResourceTemplate> templates = new ArrayList<>();
        for (String kind : KINDS) {
            for (JsonNode object : state.ofKind(cluster, kind)) {
                if (ClusterState.controllerOf(object) == null) {
                    templates.add(new ResourceTemplate(reference(object), labels(object)));
                }
            }
        }
        return templates;
    }

    public static WorkloadReference reference(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        return new WorkloadReference(object.path("apiVersion").asText(""), object.path("kind").asText(""),
                metadata.path("namespace").asText(""), metadata.path("name").asText(""));
    }

    private static Map<String, String> labels(JsonNode object) {
        Map<String, String> labels = new TreeMap<>();
        object.path("metadata").path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
        return labels;
    }
}
