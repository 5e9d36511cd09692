package io.meridian.command.ud;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.KernelJson;
import io.meridian.core.ud.adaptive.PodSnapshot;
import io.meridian.core.ud.model.UnitedDeployment;
import io.meridian.core.ud.model.UnitedDeploymentStatus;
import java.util.List;

/** Converts between the JSON carried in UnitedDeployment commands and events and the kernel's model. */
final class UdJson {
    static final String DEFAULT_API_VERSION = "apps.kruise.io/v1alpha1";
    private static final List<String> IDENTITY = List.of("name", "namespace", "uid", "generation", "labels",
            "annotations", "deletionTimestamp");

    private UdJson() {
    }

    /** apiVersion, kind, identity metadata and spec: what the aggregate records of a manifest. */
    static ObjectNode identityAndSpec(JsonNode manifest) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("apiVersion", manifest.path("apiVersion").asText(DEFAULT_API_VERSION));
        out.put("kind", UnitedDeployment.KIND);
        ObjectNode metadata = out.putObject("metadata");
        JsonNode in = manifest.path("metadata");
        for (String field : IDENTITY) {
            if (!in.path(field).isMissingNode() && !in.path(field).isNull()) {
                metadata.set(field, in.get(field));
            }
        }
        out.set("spec", manifest.path("spec").isObject() ? manifest.get("spec") : JsonNodeFactory.instance.objectNode());
        return out;
    }

    /**
     * The kernel's UnitedDeployment: the recorded manifest with the status the aggregate owns. A subset naming the
     * UnitedDeployment's own cluster is a local subset, as one naming none.
     */
    static UnitedDeployment unitedDeployment(JsonNode manifest, UnitedDeploymentStatus status, String udCluster) {
        ObjectNode copy = manifest.deepCopy();
        copy.remove("status");
        for (JsonNode subset : copy.path("spec").path("topology").path("subsets")) {
            if (subset instanceof ObjectNode named && udCluster.equals(named.path("cluster").asText(null))) {
                named.remove("cluster");
            }
        }
        return KernelJson.convert(copy, UnitedDeployment.class).withStatus(status);
    }

    static UnitedDeploymentStatus status(JsonNode status) {
        if (status == null || !status.isObject()) {
            return UnitedDeploymentStatus.EMPTY;
        }
        return KernelJson.convert(status, UnitedDeploymentStatus.class);
    }

    static PodSnapshot pod(JsonNode pod) {
        return PodSnapshot.of(KernelJson.pod(pod));
    }

    static JsonNode tree(Object value) {
        return KernelJson.tree(value);
    }
}
