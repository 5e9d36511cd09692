package io.meridian.command.ud.feed;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.ud.api.SubsetWorkload;
import io.meridian.command.ud.api.UnitedDeploymentApi;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the subset workloads of a UnitedDeployment in the cluster state: workloads of the four subset kinds in
 * its namespace, in any cluster, marked with its owner annotation, or, in its own cluster, controlled by it.
 */
final class SubsetWorkloads {
    static final String UNITED_DEPLOYMENT = "UnitedDeployment";

    private SubsetWorkloads() {
    }

    static List<SubsetWorkload> owned(ClusterState state, String udCluster, String namespace, String name) {
        String key = udCluster + "/" + namespace + "/" + name;
        List<SubsetWorkload> out = new ArrayList<>();
        for (String cluster : state.clusterNames()) {
            for (JsonNode object : state.workloads(cluster, namespace)) {
                if (!isSubsetKind(object)) {
                    continue;
                }
                boolean annotated = key.equals(object.path("metadata").path("annotations").path(SubsetWorkload.OWNER_ANNOTATION).asText(null));
                JsonNode owner = ClusterState.controllerOf(object);
                boolean controlled = cluster.equals(udCluster) && owner != null
                        && UNITED_DEPLOYMENT.equals(owner.path("kind").asText()) && name.equals(owner.path("name").asText());
                if (annotated || controlled) {
                    out.add(new SubsetWorkload(cluster, object));
                }
            }
        }
        return out;
    }

    /** The UnitedDeployment aggregate a workload (as reported by {@code cluster}) belongs to, if any. */
    static Optional<String> ownerId(String cluster, JsonNode object) {
        if (object == null || !isSubsetKind(object)) {
            return Optional.empty();
        }
        String annotated = object.path("metadata").path("annotations").path(SubsetWorkload.OWNER_ANNOTATION).asText(null);
        if (annotated != null) {
            String[] parts = annotated.split("/", 3);
            if (parts.length == 3) {
                return Optional.of(UnitedDeploymentApi.aggregateId(parts[0], parts[1], parts[2]));
            }
        }
        JsonNode owner = ClusterState.controllerOf(object);
        if (owner != null && UNITED_DEPLOYMENT.equals(owner.path("kind").asText())) {
            return Optional.of(UnitedDeploymentApi.aggregateId(cluster,
                    object.path("metadata").path("namespace").asText(""), owner.path("name").asText()));
        }
        return Optional.empty();
    }

    /** Deployment and StatefulSet of apps/v1, CloneSet and (Advanced) StatefulSet of apps.kruise.io. */
    static boolean isSubsetKind(JsonNode object) {
        String apiVersion = object.path("apiVersion").asText();
        return switch (object.path("kind").asText()) {
            case "Deployment" -> "apps/v1".equals(apiVersion);
            case "StatefulSet" -> "apps/v1".equals(apiVersion) || apiVersion.startsWith("apps.kruise.io/");
            case "CloneSet" -> apiVersion.startsWith("apps.kruise.io/");
            default -> false;
        };
    }
}
