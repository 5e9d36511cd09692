package io.meridian.core.ud.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.ud.model.UdLabels;
import io.meridian.core.ud.model.WorkloadKind;
import io.meridian.core.ud.render.WorkloadSpecFields;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A subset workload owned by the UD, as observed. {@code cluster} is the member cluster it lives in (null =
 * the UD's own). {@code failureMessage} is the message of a failure condition on the workload, if any.
 */
public record ObservedWorkload(String name, String cluster, WorkloadKind kind, Map<String, String> labels,
                               Map<String, String> annotations, int specReplicas, int partition, int statusReplicas,
                               int readyReplicas, int updatedReplicas, int updatedReadyReplicas,
                               Optional<String> failureMessage) {

    public ObservedWorkload {
        labels = labels == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(labels));
        annotations = annotations == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(annotations));
        failureMessage = failureMessage == null ? Optional.empty() : failureMessage;
    }

    /** The subset-name label; a workload without it belongs to no subset. */
    public Optional<String> subsetName() {
        return Optional.ofNullable(labels.get(UdLabels.SUBSET_NAME));
    }

    public String revision() {
        return labels.get(UdLabels.REVISION);
    }

    public String patchAnnotation() {
        return annotations.get(UdLabels.SUBSET_PATCH);
    }

    /**
     * Reads a workload manifest. A missing {@code status.updatedReadyReplicas} (StatefulSet, Deployment) is taken
     * as the smaller of updated and ready replicas.
     */
    public static Optional<ObservedWorkload> fromManifest(JsonNode manifest, String cluster) {
        Optional<WorkloadKind> kind = kindOf(manifest.path("apiVersion").asText(), manifest.path("kind").asText());
        if (kind.isEmpty()) {
            return Optional.empty();
        }
        JsonNode metadata = manifest.path("metadata");
        JsonNode spec = manifest.path("spec");
        JsonNode status = manifest.path("status");
        int ready = status.path("readyReplicas").asInt(0);
        int updated = status.path("updatedReplicas").asInt(0);
        return Optional.of(new ObservedWorkload(metadata.path("name").asText(), cluster, kind.get(),
                stringMap(metadata.path("labels")), stringMap(metadata.path("annotations")),
                spec.path("replicas").asInt(1), WorkloadSpecFields.partitionOf(spec, kind.get()),
                status.path("replicas").asInt(0), ready, updated,
                status.path("updatedReadyReplicas").asInt(Math.min(updated, ready)), failureOf(status)));
    }

    static Optional<WorkloadKind> kindOf(String apiVersion, String kind) {
        boolean kruise = apiVersion.startsWith("apps.kruise.io/");
        return switch (kind) {
            case "CloneSet" -> kruise ? Optional.of(WorkloadKind.CLONE_SET) : Optional.empty();
            case "StatefulSet" -> Optional.of(kruise ? WorkloadKind.ADVANCED_STATEFUL_SET : WorkloadKind.STATEFUL_SET);
            case "Deployment" -> "apps/v1".equals(apiVersion) ? Optional.of(WorkloadKind.DEPLOYMENT) : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** A True condition whose type names a failure (ReplicaFailure, FailedScale, FailedUpdate, ...). */
    private static Optional<String> failureOf(JsonNode status) {
        for (JsonNode condition : status.path("conditions")) {
            if (condition.path("type").asText().contains("Fail") && "True".equals(condition.path("status").asText())) {
                return Optional.of(condition.path("message").asText(""));
            }
        }
        return Optional.empty();
    }

    private static Map<String, String> stringMap(JsonNode node) {
        Map<String, String> values = new TreeMap<>();
        node.properties().forEach(e -> values.put(e.getKey(), e.getValue().asText()));
        return values;
    }
}
