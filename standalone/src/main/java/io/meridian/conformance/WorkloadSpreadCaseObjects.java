package io.meridian.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.meridian.core.k8s.KubeTimes;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.model.AdaptiveStrategy;
import io.meridian.core.ws.model.ScheduleStrategy;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Turns the language-neutral WorkloadSpread controller case inputs into kernel objects. */
final class WorkloadSpreadCaseObjects {
    static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");
    static final String SPREAD_NAME = "test-workloadSpread";
    static final String NAMESPACE = "default";
    static final TargetReference DEFAULT_TARGET = new TargetReference("apps.kruise.io/v1alpha1", "CloneSet", "cloneset-test");

    private static final ObjectMapper JSON = new ObjectMapper();

    private WorkloadSpreadCaseObjects() {
    }

    // ---- time ----------------------------------------------------------------------------------

    /** {@code "3s ago"} relative to {@link #NOW}. */
    static Instant ago(String text) {
        String seconds = text.trim().replace("ago", "").trim().replace("s", "");
        return NOW.minusSeconds(Long.parseLong(seconds));
    }

    static String renderAgo(Instant time) {
        return (NOW.getEpochSecond() - time.getEpochSecond()) + "s ago";
    }

    static Map<String, Instant> timeMap(JsonNode node) {
        Map<String, Instant> times = new TreeMap<>();
        if (node != null && node.isObject()) {
            node.fields().forEachRemaining(e -> times.put(e.getKey(), ago(e.getValue().asText())));
        }
        return times;
    }

    // ---- spread ----------------------------------------------------------------------------------

    static List<WorkloadSpreadSubset> subsets(JsonNode node) {
        List<WorkloadSpreadSubset> subsets = new ArrayList<>();
        node.forEach(s -> subsets.add(subset(s)));
        return subsets;
    }

    static WorkloadSpreadSubset subset(JsonNode s) {
        return new WorkloadSpreadSubset(s.path("name").asText(),
                convert(either(s, "requiredNodeSelector", "requiredNodeSelectorTerm"), NodeSelectorTerm.class),
                list(either(s, "preferredNodeSelector", "preferredNodeSelectorTerms"), PreferredSchedulingTerm.class),
                list(s.get("tolerations"), Toleration.class),
                intOrString(s.get("maxReplicas")),
                s.hasNonNull("minReplicas") ? s.get("minReplicas").asInt() : null,
                s.hasNonNull("patch") ? s.get("patch") : null);
    }

    /** The v1beta1 field, or its v1alpha1 spelling. */
    private static JsonNode either(JsonNode object, String name, String alphaName) {
        return object.hasNonNull(name) ? object.get(name) : object.get(alphaName);
    }

    static IntOrString intOrString(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        return node.isNumber() ? new IntOrString(node.asInt()) : new IntOrString(node.asText());
    }

    static TargetReference target(JsonNode input) {
        JsonNode t = input.get("targetRef");
        if (t == null || t.isNull()) {
            return DEFAULT_TARGET;
        }
        return new TargetReference(t.path("apiVersion").asText(), t.path("kind").asText(), t.path("name").asText());
    }

    static TargetFilter targetFilter(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        List<String> paths = new ArrayList<>();
        node.path("replicasPathList").forEach(p -> paths.add(p.asText()));
        return new TargetFilter(convert(node.get("selector"), LabelSelector.class), paths);
    }

    static ScheduleStrategy scheduleStrategy(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        JsonNode a = node.get("adaptive");
        AdaptiveStrategy adaptive = a == null || a.isNull() ? null : new AdaptiveStrategy(
                a.path("disableSimulationSchedule").asBoolean(false),
                a.hasNonNull("rescheduleCriticalSeconds") ? a.get("rescheduleCriticalSeconds").asInt() : null,
                a.hasNonNull("unschedulableSeconds") ? a.get("unschedulableSeconds").asInt() : null);
        return new ScheduleStrategy(node.path("type").asText(""), adaptive);
    }

    /** {@code {"spec.replicas": 14}} as the object {@code {"spec":{"replicas":14}}}; numeric steps make arrays. */
    static JsonNode unstructured(JsonNode dottedPaths) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        if (dottedPaths != null && dottedPaths.isObject()) {
            dottedPaths.fields().forEachRemaining(e -> put(root, e.getKey().split("\\."), 0, e.getValue()));
        }
        return root;
    }

    private static void put(JsonNode container, String[] steps, int at, JsonNode value) {
        boolean last = at == steps.length - 1;
        boolean nextIsIndex = !last && steps[at + 1].matches("\\d+");
        if (container instanceof ObjectNode object) {
            if (last) {
                object.set(steps[at], value);
                return;
            }
            JsonNode child = object.get(steps[at]);
            if (child == null) {
                child = nextIsIndex ? object.putArray(steps[at]) : object.putObject(steps[at]);
            }
            put(child, steps, at + 1, value);
        } else if (container instanceof ArrayNode array) {
            int index = Integer.parseInt(steps[at]);
            while (array.size() <= index) {
                array.addNull();
            }
            if (last) {
                array.set(index, value);
                return;
            }
            JsonNode child = array.get(index);
            if (child == null || child.isNull()) {
                child = nextIsIndex ? JsonNodeFactory.instance.arrayNode() : JsonNodeFactory.instance.objectNode();
                array.set(index, child);
            }
            put(child, steps, at + 1, value);
        }
    }

    // ---- pods and nodes ------------------------------------------------------------------------

    /** A pod of the case, owned by {@code owner} (null for none). */
    static Pod pod(JsonNode p, TargetReference owner) {
        Map<String, String> annotations = new LinkedHashMap<>(stringMap(p.get("annotations")));
        if (p.hasNonNull("annotation")) {
            annotations.put(MatchedWorkloadSpread.ANNOTATION, p.get("annotation").asText());
        } else if (p.hasNonNull("subset")) {
            annotations.put(MatchedWorkloadSpread.ANNOTATION,
                    new MatchedWorkloadSpread(SPREAD_NAME, p.get("subset").asText(), "").toAnnotationValue());
        }
        PodBuilder builder = new PodBuilder().withNewMetadata()
                .withName(p.path("name").asText(null)).withNamespace(NAMESPACE)
                .withLabels(stringMap(p.get("labels"))).withAnnotations(annotations)
                .endMetadata()
                .withNewSpec().withNodeName(p.path("nodeName").asText("")).endSpec()
                .withNewStatus().withPhase(p.path("phase").asText("")).withConditions(podConditions(p.get("conditions"))).endStatus();
        Pod pod = builder.build();
        if (p.hasNonNull("createdSecondsAgo")) {
            pod.getMetadata().setCreationTimestamp(KubeTimes.format(NOW.minusSeconds(p.get("createdSecondsAgo").asLong())));
        }
        if (p.path("deleting").asBoolean(false)) {
            pod.getMetadata().setDeletionTimestamp(KubeTimes.format(NOW));
        }
        if (owner != null) {
            pod.getMetadata().setOwnerReferences(List.of(new io.fabric8.kubernetes.api.model.OwnerReferenceBuilder()
                    .withApiVersion(owner.apiVersion()).withKind(owner.kind()).withName(owner.name())
                    .withUid(owner.name() + "-uid").withController(true).build()));
        }
        if (p.has("requiredNodeSelectorTerms")) {
            pod.getSpec().setAffinity(new io.fabric8.kubernetes.api.model.AffinityBuilder().withNewNodeAffinity()
                    .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                    .withNodeSelectorTerms(list(p.get("requiredNodeSelectorTerms"), NodeSelectorTerm.class))
                    .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().build());
        }
        pod.getSpec().setTolerations(list(p.get("tolerations"), Toleration.class));
        return pod;
    }

    private static List<PodCondition> podConditions(JsonNode node) {
        List<PodCondition> conditions = new ArrayList<>();
        if (node != null) {
            node.forEach(c -> {
                PodCondition condition = new PodCondition();
                condition.setType(c.path("type").asText());
                condition.setStatus(c.path("status").asText());
                condition.setReason(c.path("reason").asText(null));
                if (c.hasNonNull("lastTransitionSecondsAgo")) {
                    condition.setLastTransitionTime(KubeTimes.format(NOW.minusSeconds(c.get("lastTransitionSecondsAgo").asLong())));
                }
                conditions.add(condition);
            });
        }
        return conditions;
    }

    static Node node(JsonNode n, String defaultName) {
        if (n.has("metadata")) {
            return convert(n, Node.class);
        }
        return new NodeBuilder().withNewMetadata().withName(n.path("name").asText(defaultName))
                .withLabels(stringMap(n.get("labels"))).endMetadata()
                .withNewSpec().withTaints(list(n.get("taints"), Taint.class)).endSpec().build();
    }

    static Condition schedulableCondition(JsonNode c) {
        Condition condition = new Condition();
        condition.setType("Schedulable");
        condition.setStatus(c.path("status").asText());
        condition.setReason(c.path("reason").asText(""));
        condition.setMessage("");
        condition.setLastTransitionTime(KubeTimes.format(NOW.minusSeconds(c.path("lastTransitionSecondsAgo").asLong(0))));
        return condition;
    }

    // ---- plumbing --------------------------------------------------------------------------------

    static Map<String, String> stringMap(JsonNode node) {
        Map<String, String> map = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            node.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
        }
        return map;
    }

    static <T> T convert(JsonNode node, Class<T> type) {
        return node == null || node.isNull() ? null : JSON.convertValue(node, type);
    }

    static <T> List<T> list(JsonNode node, Class<T> type) {
        List<T> items = new ArrayList<>();
        if (node != null && node.isArray()) {
            node.forEach(item -> items.add(JSON.convertValue(item, type)));
        }
        return items;
    }
}
