package io.meridian.core.ud.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Toleration;
import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.SubsetTemplate.KindedTemplate;
import io.meridian.core.ud.model.UdLabels;
import io.meridian.core.ud.model.UnitedDeployment;
import java.util.List;
import java.util.Map;

/**
 * Renders the workload of one subset (§2.2) as a JSON manifest: name, labels, annotations, selector, owner,
 * replicas, partition, and the pod template with the subset's node affinity, tolerations and patch (last).
 */
public final class SubsetWorkloadRenderer {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StrategicMergePatch patcher;

    public SubsetWorkloadRenderer(StrategicMergePatch patcher) {
        this.patcher = patcher;
    }

    public RenderedWorkload render(UnitedDeployment ud, KindedTemplate template, Subset subset,
                                   SubsetRenderRequest request) {
        ObjectNode manifest = JSON.createObjectNode();
        manifest.put("apiVersion", template.kind().apiVersion());
        manifest.put("kind", template.kind().kind());
        manifest.set("metadata", metadata(ud, template.template().metadata(), subset, request.revision()));
        manifest.set("spec", spec(ud, template, subset, request));
        return new RenderedWorkload(subset.name(), subset.cluster(), template.kind(), manifest);
    }

    private static ObjectNode metadata(UnitedDeployment ud, ObjectMeta templateMeta, Subset subset, String revision) {
        ObjectNode metadata = JSON.createObjectNode();
        metadata.put("generateName", GenerateName.of(ud.name(), subset.name()));
        if (ud.namespace() != null) {
            metadata.put("namespace", ud.namespace());
        }
        ObjectNode labels = metadata.putObject("labels");
        putAll(labels, templateMeta == null ? null : templateMeta.getLabels());
        putAll(labels, ud.spec().selector() == null ? null : ud.spec().selector().getMatchLabels());
        labels.put(UdLabels.REVISION, revision);
        labels.put(UdLabels.SUBSET_NAME, subset.name());
        ObjectNode annotations = metadata.putObject("annotations");
        putAll(annotations, templateMeta == null ? null : templateMeta.getAnnotations());
        if (subset.patch() != null) {
            annotations.put(UdLabels.SUBSET_PATCH, subset.patch().toString());
        }
        metadata.putArray("ownerReferences").add(ownerReference(ud));
        return metadata;
    }

    private static ObjectNode ownerReference(UnitedDeployment ud) {
        ObjectNode owner = JSON.createObjectNode();
        owner.put("apiVersion", ud.apiVersion() == null ? UnitedDeployment.DEFAULT_API_VERSION : ud.apiVersion());
        owner.put("kind", UnitedDeployment.KIND);
        owner.put("name", ud.name());
        owner.put("uid", ud.metadata().getUid());
        owner.put("controller", true);
        owner.put("blockOwnerDeletion", true);
        return owner;
    }

    private ObjectNode spec(UnitedDeployment ud, KindedTemplate template, Subset subset, SubsetRenderRequest request) {
        JsonNode templateSpec = template.template().spec();
        ObjectNode spec = templateSpec != null && templateSpec.isObject() ? templateSpec.deepCopy() : JSON.createObjectNode();
        spec.set("selector", selector(ud, subset));
        spec.put("replicas", request.replicas());
        WorkloadSpecFields.setPartition(spec, template.kind(), request.partition());
        request.maxUnavailable().ifPresent(value -> WorkloadSpecFields.setMaxUnavailable(spec, template.kind(), value));
        spec.set("template", podTemplate(objectAt(spec, "template"), subset, request.revision()));
        return spec;
    }

    private static ObjectNode selector(UnitedDeployment ud, Subset subset) {
        ObjectNode selector = ud.spec().selector() == null ? JSON.createObjectNode()
                : JSON.valueToTree(ud.spec().selector());
        objectAt(selector, "matchLabels").put(UdLabels.SUBSET_NAME, subset.name());
        return selector;
    }

    private JsonNode podTemplate(ObjectNode template, Subset subset, String revision) {
        ObjectNode labels = objectAt(objectAt(template, "metadata"), "labels");
        labels.put(UdLabels.SUBSET_NAME, subset.name());
        labels.put(UdLabels.REVISION, revision);
        ObjectNode podSpec = objectAt(template, "spec");
        addNodeAffinity(podSpec, subset);
        addTolerations(podSpec, subset.tolerations());
        return subset.patch() == null ? template : patcher.applyToPodTemplate(template, subset.patch());
    }

    /** Appends the subset's match expressions to every required term, creating one term if there is none. */
    private static void addNodeAffinity(ObjectNode podSpec, Subset subset) {
        List<NodeSelectorRequirement> expressions = subset.nodeSelectorTerm() == null ? null
                : subset.nodeSelectorTerm().getMatchExpressions();
        if (expressions == null || expressions.isEmpty()) {
            return;
        }
        ObjectNode required = objectAt(objectAt(objectAt(podSpec, "affinity"), "nodeAffinity"),
                "requiredDuringSchedulingIgnoredDuringExecution");
        ArrayNode terms = arrayAt(required, "nodeSelectorTerms");
        if (terms.isEmpty()) {
            terms.addObject();
        }
        for (JsonNode term : terms) {
            ArrayNode matchExpressions = arrayAt((ObjectNode) term, "matchExpressions");
            expressions.forEach(expression -> matchExpressions.add(JSON.valueToTree(expression)));
        }
    }

    private static void addTolerations(ObjectNode podSpec, List<Toleration> tolerations) {
        if (tolerations.isEmpty()) {
            return;
        }
        ArrayNode existing = arrayAt(podSpec, "tolerations");
        tolerations.forEach(toleration -> existing.add(JSON.valueToTree(toleration)));
    }

    private static void putAll(ObjectNode target, Map<String, String> values) {
        if (values != null) {
            values.forEach(target::put);
        }
    }

    /** The object under {@code field}, created (or replacing a non-object) when needed. */
    static ObjectNode objectAt(ObjectNode parent, String field) {
        JsonNode child = parent.get(field);
        return child != null && child.isObject() ? (ObjectNode) child : parent.putObject(field);
    }

    private static ArrayNode arrayAt(ObjectNode parent, String field) {
        JsonNode child = parent.get(field);
        return child != null && child.isArray() ? (ArrayNode) child : parent.putArray(field);
    }
}
