package io.meridian.command.ud;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ud.api.SubsetWorkload;
import io.meridian.command.ud.api.UdMutation;
import io.meridian.core.ud.model.UdLabels;
import io.meridian.core.ud.plan.PodLabelChange;
import io.meridian.core.ud.plan.ReconcilePlan;
import io.meridian.core.ud.plan.WorkloadDeletion;
import io.meridian.core.ud.render.RenderedWorkload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The mutations of one decision: the UnitedDeployment's status always as number 0 (so a failed status write
 * is recognised by its index), then, from 1, workload creations, updates and deletions, then pod labels. Each
 * goes to the cluster of its subset, the UnitedDeployment's own when the subset names none.
 */
final class UdMutations {
    static final int STATUS_INDEX = 0;

    private final String udCluster;
    private final JsonNode manifest;
    private final List<UdMutation> out = new ArrayList<>();
    private int next = STATUS_INDEX + 1;

    UdMutations(String udCluster, JsonNode manifest) {
        this.udCluster = udCluster;
        this.manifest = manifest;
    }

    /** The owner annotation's value: {@code cluster/namespace/name} of the UnitedDeployment. */
    static String ownerKey(String cluster, String namespace, String name) {
        return cluster + "/" + namespace + "/" + name;
    }

    List<UdMutation> planned(ReconcilePlan plan, JsonNode statusToWrite, Map<String, String> podClusters) {
        if (statusToWrite != null) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            body.set("status", statusToWrite);
            add(udCluster, "WriteStatus", manifest.path("apiVersion").asText(), "UnitedDeployment", name(), body);
        }
        plan.creates().forEach(this::create);
        plan.updates().forEach(rendered -> apply(rendered, rendered.manifest().path("metadata").path("name").asText()));
        plan.deletions().forEach(this::delete);
        for (PodLabelChange change : plan.podLabels()) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            body.putObject("labels").put(UdLabels.RESERVED_POD, change.value());
            body.putObject("annotations");
            add(podClusters.getOrDefault(change.subset(), udCluster), "PatchPod", "v1", "Pod", change.pod(), body);
        }
        return List.copyOf(out);
    }

    List<UdMutation> deleteAll(List<SubsetWorkload> workloads) {
        for (SubsetWorkload workload : workloads) {
            add(workload.cluster(), "DeleteObject", workload.apiVersion(), workload.kind(), workload.name(),
                    JsonNodeFactory.instance.objectNode());
        }
        return List.copyOf(out);
    }

    private void create(RenderedWorkload rendered) {
        String generateName = rendered.manifest().path("metadata").path("generateName").asText();
        String uid = manifest.path("metadata").path("uid").asText(ownerKey(udCluster, namespace(), name()));
        apply(rendered, SubsetWorkloadNames.name(generateName, uid, rendered.subsetName(), rendered.kind().name()));
    }

    /**
     * A workload in another cluster than the UnitedDeployment has no owner reference: its owner does not exist
     * there, and a garbage collector would delete it at once. The owner annotation marks it instead.
     */
    private void apply(RenderedWorkload rendered, String workloadName) {
        ObjectNode object = (ObjectNode) rendered.named(workloadName).manifest();
        ObjectNode metadata = (ObjectNode) object.get("metadata");
        metadata.with("annotations").put(SubsetWorkload.OWNER_ANNOTATION, ownerKey(udCluster, namespace(), name()));
        if (rendered.cluster() != null) {
            metadata.remove("ownerReferences");
        }
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.set("object", object);
        add(clusterOf(rendered.cluster()), "ApplyObject", rendered.kind().apiVersion(), rendered.kind().kind(),
                workloadName, body);
    }

    private void delete(WorkloadDeletion deletion) {
        add(clusterOf(deletion.cluster()), "DeleteObject", deletion.kind().apiVersion(), deletion.kind().kind(),
                deletion.name(), JsonNodeFactory.instance.objectNode());
    }

    private String clusterOf(String subsetCluster) {
        return subsetCluster == null ? udCluster : subsetCluster;
    }

    private void add(String cluster, String type, String apiVersion, String kind, String targetName, JsonNode body) {
        int index = "WriteStatus".equals(type) ? STATUS_INDEX : next++;
        out.add(new UdMutation(index, cluster, type, apiVersion, kind, namespace(), targetName, body));
    }

    private String name() {
        return manifest.path("metadata").path("name").asText();
    }

    private String namespace() {
        return manifest.path("metadata").path("namespace").asText("");
    }
}
