package io.meridian.command.ws;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.ws.admission.ClusterObject;
import io.meridian.core.ws.admission.ClusterObjects;
import io.meridian.core.ws.admission.ObjectRef;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Converts between the JSON carried in commands and events and the kernel's model. */
public final class KernelJson {
    public static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private KernelJson() {
    }

    /** The kernel's view of a WorkloadSpread manifest, with the given status (owned by the aggregate). */
    public static WorkloadSpread spread(JsonNode manifest, WorkloadSpreadStatus status) {
        JsonNode metadata = manifest.path("metadata");
        WorkloadSpreadSpec spec = convert(manifest.path("spec"), WorkloadSpreadSpec.class);
        Long generation = metadata.path("generation").isNumber() ? metadata.path("generation").asLong() : null;
        return new WorkloadSpread(metadata.path("namespace").asText(""), metadata.path("name").asText(""),
                metadata.path("uid").asText(""), strings(metadata.path("annotations")), generation, spec, status);
    }

    /** Metadata (name, namespace, uid, generation, labels, annotations, deletionTimestamp) and spec only. */
    public static ObjectNode identityAndSpec(JsonNode manifest) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("apiVersion", manifest.path("apiVersion").asText("apps.kruise.io/v1alpha1"));
        out.put("kind", "WorkloadSpread");
        ObjectNode metadata = out.putObject("metadata");
        JsonNode in = manifest.path("metadata");
        for (String field : List.of("name", "namespace", "uid", "generation", "labels", "annotations", "deletionTimestamp")) {
            if (!in.path(field).isMissingNode() && !in.path(field).isNull()) {
                metadata.set(field, in.get(field));
            }
        }
        out.set("spec", manifest.path("spec").isObject() ? manifest.get("spec") : JsonNodeFactory.instance.objectNode());
        return out;
    }

    public static WorkloadSpreadStatus status(JsonNode status) {
        if (status == null || status.isNull() || status.isMissingNode()) {
            return WorkloadSpreadStatus.EMPTY;
        }
        return convert(status, WorkloadSpreadStatus.class);
    }

    public static List<SubsetStatus> rows(JsonNode rows) {
        try {
            return JSON.readerForListOf(SubsetStatus.class).readValue(rows);
        } catch (Exception e) {
            throw new IllegalArgumentException("cannot read status rows: " + e.getMessage(), e);
        }
    }

    public static JsonNode tree(Object value) {
        return JSON.valueToTree(value);
    }

    public static ClusterObjects clusterObjects(List<JsonNode> objects) {
        return ClusterObjects.of(objects.stream().map(KernelJson::clusterObject).toList());
    }

    /** A workload object (as the agent sent it) as the kernel reads it: identity, controller owner, object. */
    public static ClusterObject clusterObject(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        ObjectRef owner = null;
        for (JsonNode ref : metadata.path("ownerReferences")) {
            if (ref.path("controller").asBoolean(false)) {
                owner = new ObjectRef(ref.path("apiVersion").asText(""), ref.path("kind").asText(""), ref.path("name").asText(""));
                break;
            }
        }
        return new ClusterObject(object.path("apiVersion").asText(""), object.path("kind").asText(""),
                metadata.path("namespace").asText(""), metadata.path("name").asText(""), owner, object);
    }

    public static Pod pod(JsonNode pod) {
        return convert(pod, Pod.class);
    }

    public static Node node(JsonNode node) {
        return convert(node, Node.class);
    }

    public static <T> T convert(JsonNode node, Class<T> type) {
        try {
            return JSON.treeToValue(node, type);
        } catch (Exception e) {
            throw new IllegalArgumentException("cannot read " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> values = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            values.put(e.getKey(), e.getValue().asText(""));
        }
        return values;
    }
}
