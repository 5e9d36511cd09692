package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.ws.PodVersions;
import io.meridian.core.ws.admission.AdmissionSettings;
import io.meridian.core.ws.admission.ClusterObject;
import io.meridian.core.ws.admission.ClusterObjects;
import io.meridian.core.ws.admission.CustomWorkload;
import io.meridian.core.ws.admission.GroupKind;
import io.meridian.core.ws.admission.ListedSpread;
import io.meridian.core.ws.admission.ObjectRef;
import io.meridian.core.ws.admission.WorkloadKinds;
import io.meridian.core.ws.model.ScheduleStrategy;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Turns the language-neutral shapes of workloadspread.json (§0) into kernel inputs. */
final class WorkloadSpreadCaseInput {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAMESPACE = "default";

    private WorkloadSpreadCaseInput() {
    }

    static WorkloadSpread spread(JsonNode ws, Instant now) {
        WorkloadSpreadSpec spec = new WorkloadSpreadSpec(targetRef(ws.path("targetRef")), targetFilter(ws.get("targetFilter")),
                subsets(ws.path("subsets")), scheduleStrategy(ws.get("scheduleStrategy")));
        Map<String, List<SubsetStatus>> versioned = new LinkedHashMap<>();
        ws.path("versionedSubsetStatuses").fields().forEachRemaining(e -> versioned.put(e.getKey(), rows(e.getValue(), now)));
        WorkloadSpreadStatus status = new WorkloadSpreadStatus(null, rows(ws.path("subsetStatuses"), now), versioned);
        return new WorkloadSpread(NAMESPACE, ws.path("name").asText(), "", Map.of(), null, spec, status);
    }

    static List<ListedSpread> listed(WorkloadSpread spread) {
        return List.of(ListedSpread.live(spread));
    }

    static List<WorkloadSpreadSubset> subsets(JsonNode subsets) {
        List<WorkloadSpreadSubset> result = new ArrayList<>();
        subsets.forEach(s -> result.add(JSON.convertValue(s, WorkloadSpreadSubset.class)));
        return result;
    }

    private static TargetReference targetRef(JsonNode ref) {
        if (ref.isMissingNode() || ref.isNull()) {
            return null;
        }
        return new TargetReference(ref.path("apiVersion").asText(), ref.path("kind").asText(), ref.path("name").asText());
    }

    private static TargetFilter targetFilter(JsonNode filter) {
        return filter == null || filter.isNull() ? null : JSON.convertValue(filter, TargetFilter.class);
    }

    private static ScheduleStrategy scheduleStrategy(JsonNode strategy) {
        return strategy == null || strategy.isNull() ? null : JSON.convertValue(strategy, ScheduleStrategy.class);
    }

    /** Rows as the cases write them: pod records are lists of keys, all recorded "now". */
    private static List<SubsetStatus> rows(JsonNode rows, Instant now) {
        List<SubsetStatus> result = new ArrayList<>();
        for (JsonNode row : rows) {
            List<Condition> conditions = new ArrayList<>();
            row.path("conditions").forEach(c -> conditions.add(JSON.convertValue(c, Condition.class)));
            result.add(new SubsetStatus(row.path("name").asText(), row.path("replicas").asInt(0),
                    row.path("missingReplicas").asInt(0), keys(row.path("creatingPods"), now),
                    keys(row.path("deletingPods"), now), conditions));
        }
        return result;
    }

    private static Map<String, Instant> keys(JsonNode keys, Instant now) {
        Map<String, Instant> result = new LinkedHashMap<>();
        if (keys.isObject()) {
            keys.fieldNames().forEachRemaining(k -> result.put(k, now));
        } else {
            keys.forEach(k -> result.put(k.asText(), now));
        }
        return result;
    }

    /** A Pod document from the case's pod shape; the owner becomes the controller owner reference. */
    static JsonNode pod(JsonNode pod) {
        ObjectNode document = JSON.createObjectNode();
        document.put("apiVersion", "v1");
        document.put("kind", "Pod");
        ObjectNode metadata = document.putObject("metadata");
        if (!pod.path("name").asText("").isEmpty()) {
            metadata.put("name", pod.path("name").asText());
        } else {
            metadata.put("generateName", "pod-");
        }
        metadata.put("namespace", pod.path("namespace").asText(NAMESPACE));
        copyObject(pod, "labels", metadata);
        copyObject(pod, "annotations", metadata);
        JsonNode owner = pod.get("ownerController");
        if (owner != null && !owner.isNull()) {
            ObjectNode reference = metadata.putArray("ownerReferences").addObject();
            reference.put("apiVersion", owner.path("apiVersion").asText());
            reference.put("kind", owner.path("kind").asText());
            reference.put("name", owner.path("name").asText());
            reference.put("controller", true);
        }
        if (pod.has("deletionTimestamp") && !pod.get("deletionTimestamp").isNull()) {
            metadata.set("deletionTimestamp", pod.get("deletionTimestamp"));
        }
        document.set("spec", pod.has("spec") ? pod.get("spec").deepCopy() : JSON.createObjectNode());
        if (pod.path("status").isObject()) {
            document.set("status", pod.get("status").deepCopy());
        }
        if (pod.has("phase")) {
            document.with("status").put("phase", pod.get("phase").asText());
        }
        return document;
    }

    private static void copyObject(JsonNode from, String field, ObjectNode to) {
        JsonNode value = from.get(field);
        if (value != null && value.isObject() && !value.isEmpty()) {
            to.set(field, value.deepCopy());
        }
    }

    static ClusterObjects clusterObjects(JsonNode input) {
        List<ClusterObject> objects = new ArrayList<>();
        for (JsonNode o : input.path("clusterObjects")) {
            JsonNode owner = o.get("ownerController");
            ObjectRef ownerRef = owner == null || owner.isNull() ? null
                    : new ObjectRef(owner.path("apiVersion").asText(), owner.path("kind").asText(), owner.path("name").asText());
            objects.add(new ClusterObject(o.path("apiVersion").asText(), o.path("kind").asText(),
                    o.path("namespace").asText(NAMESPACE), o.path("name").asText(), ownerRef, withReplicasInSpec(o)));
        }
        return ClusterObjects.of(objects);
    }

    /** A cluster object may give its replicas as a top-level {@code replicas}: put them where its kind keeps them. */
    private static JsonNode withReplicasInSpec(JsonNode object) {
        if (!object.has("replicas") || object.path("spec").isObject()) {
            return object;
        }
        ObjectNode copy = object.deepCopy();
        String field = "Job".equals(object.path("kind").asText()) ? "parallelism" : "replicas";
        copy.putObject("spec").set(field, object.get("replicas"));
        return copy;
    }

    static AdmissionSettings settings(JsonNode input) {
        List<CustomWorkload> whitelist = new ArrayList<>();
        for (JsonNode entry : input.path("whitelist")) {
            List<GroupKind> subResources = new ArrayList<>();
            entry.path("subResources").forEach(s -> subResources.add(new GroupKind(s.path("Group").asText(s.path("group").asText()),
                    s.path("Kind").asText(s.path("kind").asText()))));
            whitelist.add(new CustomWorkload(new GroupKind(entry.path("Group").asText(entry.path("group").asText()),
                    entry.path("Kind").asText(entry.path("kind").asText())),
                    entry.path("replicasPath").asText(""), subResources));
        }
        Set<String> versioned = PodVersions.DEFAULT_ENABLED_KINDS;
        if (input.has("versionedStatusEnabledKinds")) {
            List<String> kinds = new ArrayList<>();
            input.path("versionedStatusEnabledKinds").forEach(k -> kinds.add(k.asText()));
            versioned = PodVersions.enabledKinds(kinds);
        }
        return new AdmissionSettings(WorkloadKinds.withWhitelist(whitelist), versioned);
    }

    /** initSubsetStatuses: the spec whose target is the case's workload kind. */
    static WorkloadSpreadSpec specForWorkload(JsonNode input) {
        JsonNode workload = input.path("workload");
        String kind = workload.path("kind").asText("CloneSet");
        TargetReference target = new TargetReference(workload.path("apiVersion").asText(defaultApiVersion(kind)), kind, "workload");
        return new WorkloadSpreadSpec(target, targetFilter(input.get("targetFilter")), subsets(input.path("subsets")), null);
    }

    static WorkloadKinds kindsFor(JsonNode workload) {
        if (!workload.has("whitelistReplicasPath")) {
            return WorkloadKinds.builtInOnly();
        }
        GroupKind kind = GroupKind.of(workload.path("apiVersion").asText(), workload.path("kind").asText());
        return WorkloadKinds.withWhitelist(List.of(new CustomWorkload(kind, workload.path("whitelistReplicasPath").asText(""), List.of())));
    }

    /** The workload object with its replicas where its kind keeps them; empty when the workload does not exist. */
    static Optional<JsonNode> workloadObject(JsonNode workload) {
        if (workload.isMissingNode() || workload.isNull()) {
            return Optional.empty();
        }
        if (workload.has("object")) {
            return Optional.of(workload.get("object"));
        }
        ObjectNode object = JSON.createObjectNode();
        String kind = workload.path("kind").asText();
        String path = workload.has("whitelistReplicasPath") ? workload.path("whitelistReplicasPath").asText("")
                : "Job".equals(kind) ? "spec.parallelism" : "spec.replicas";
        if (!path.isEmpty() && workload.has("replicas")) {
            ObjectNode parent = object;
            String[] steps = path.split("\\.");
            for (int i = 0; i < steps.length - 1; i++) {
                parent = parent.with(steps[i]);
            }
            parent.set(steps[steps.length - 1], workload.get("replicas"));
        }
        return Optional.of(object);
    }

    private static String defaultApiVersion(String kind) {
        return switch (kind) {
            case "Deployment", "ReplicaSet", "StatefulSet" -> "apps/v1";
            case "Job" -> "batch/v1";
            default -> "apps.kruise.io/v1alpha1";
        };
    }
}
