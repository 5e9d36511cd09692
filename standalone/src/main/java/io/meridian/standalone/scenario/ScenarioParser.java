package io.meridian.standalone.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Taint;
import io.meridian.sim.ClusterSpec;
import io.meridian.sim.ZoneSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a scenario file. Every problem is reported as a {@link ScenarioException} whose message
 * names the field ({@code steps[2].expect.within}) and the rule it breaks.
 */
public final class ScenarioParser {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> STEP_KINDS = List.of("scale", "expect", "fault", "recover", "apply", "delete", "wait");
    private static final Duration DEFAULT_WITHIN = Duration.ofSeconds(60);

    private final Map<String, ClusterSpec> clusters = new LinkedHashMap<>();

    private ScenarioParser() {
    }

    public static Scenario parse(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(file + ": no such file");
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot be read: " + e.getMessage());
        }
        try {
            return parse(text);
        } catch (ScenarioException e) {
            throw new ScenarioException(file + ": " + e.getMessage());
        }
    }

    public static Scenario parse(String yaml) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new ScenarioException("not valid YAML" + where + ": " + firstLine(e.getOriginalMessage()));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new ScenarioException("the file is empty; a scenario needs clusters: and steps:");
        }
        return new ScenarioParser().scenario(root);
    }

    private Scenario scenario(JsonNode root) {
        requireObject(root, "(top level)");
        allowOnly(root, "", "name", "clusters", "apply", "steps");
        String name = root.has("name") ? text(root.get("name"), "name") : "";
        JsonNode clusterList = root.get("clusters");
        if (clusterList == null || !clusterList.isArray() || clusterList.isEmpty()) {
            throw new ScenarioException("clusters: required, a list of at least one cluster");
        }
        for (int i = 0; i < clusterList.size(); i++) {
            ClusterSpec spec = cluster(clusterList.get(i), "clusters[" + i + "]");
            if (clusters.putIfAbsent(spec.name(), spec) != null) {
                throw new ScenarioException("clusters[" + i + "].name: " + spec.name() + " is listed twice");
            }
        }
        List<Scenario.Manifest> apply = new ArrayList<>();
        JsonNode applyList = root.get("apply");
        if (applyList != null && !applyList.isNull()) {
            requireList(applyList, "apply");
            for (int i = 0; i < applyList.size(); i++) {
                String path = "apply[" + i + "]";
                JsonNode item = applyList.get(i);
                requireObject(item, path);
                allowOnly(item, path, "cluster", "manifest");
                apply.add(new Scenario.Manifest(clusterOf(item, path), manifest(item, path)));
            }
        }
        List<Step> steps = new ArrayList<>();
        JsonNode stepList = root.get("steps");
        if (stepList != null && !stepList.isNull()) {
            requireList(stepList, "steps");
            for (int i = 0; i < stepList.size(); i++) {
                steps.add(step(stepList.get(i), "steps[" + i + "]"));
            }
        }
        return new Scenario(name, new ArrayList<>(clusters.values()), apply, steps);
    }

    private ClusterSpec cluster(JsonNode node, String path) {
        requireObject(node, path);
        allowOnly(node, path, "name", "zones");
        String name = requiredText(node, "name", path);
        JsonNode zones = node.get("zones");
        if (zones == null || !zones.isArray() || zones.isEmpty()) {
            throw new ScenarioException(path + ".zones: required, a list of at least one zone");
        }
        List<ZoneSpec> specs = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < zones.size(); i++) {
            String zonePath = path + ".zones[" + i + "]";
            JsonNode zone = zones.get(i);
            requireObject(zone, zonePath);
            allowOnly(zone, zonePath, "name", "nodes", "podsPerNode", "labels", "taints");
            String zoneName = requiredText(zone, "name", zonePath);
            if (!names.add(zoneName)) {
                throw new ScenarioException(zonePath + ".name: zone " + zoneName + " is listed twice in " + name);
            }
            int nodes = requiredCount(zone, "nodes", zonePath);
            int podsPerNode = requiredCount(zone, "podsPerNode", zonePath);
            Map<String, String> labels = new LinkedHashMap<>();
            JsonNode labelNode = zone.get("labels");
            if (labelNode != null && !labelNode.isNull()) {
                requireObject(labelNode, zonePath + ".labels");
                labelNode.fields().forEachRemaining(e -> labels.put(e.getKey(), text(e.getValue(), zonePath + ".labels." + e.getKey())));
            }
            List<Taint> taints = new ArrayList<>();
            JsonNode taintNode = zone.get("taints");
            if (taintNode != null && !taintNode.isNull()) {
                requireList(taintNode, zonePath + ".taints");
                for (int t = 0; t < taintNode.size(); t++) {
                    String taintPath = zonePath + ".taints[" + t + "]";
                    JsonNode taint = taintNode.get(t);
                    requireObject(taint, taintPath);
                    allowOnly(taint, taintPath, "key", "value", "effect", "timeAdded");
                    requiredText(taint, "key", taintPath);
                    String effect = requiredText(taint, "effect", taintPath);
                    if (!List.of("NoSchedule", "PreferNoSchedule", "NoExecute").contains(effect)) {
                        throw new ScenarioException(taintPath + ".effect: must be NoSchedule, PreferNoSchedule or NoExecute, got " + effect);
                    }
                    taints.add(JSON.convertValue(taint, Taint.class));
                }
            }
            specs.add(new ZoneSpec(zoneName, nodes, podsPerNode, labels, taints));
        }
        return new ClusterSpec(name, specs);
    }

    private Step step(JsonNode node, String path) {
        requireObject(node, path);
        if (node.size() != 1) {
            throw new ScenarioException(path + ": a step has exactly one kind (one of " + String.join(", ", STEP_KINDS)
                    + "), got " + fieldNames(node));
        }
        Map.Entry<String, JsonNode> only = node.fields().next();
        String kind = only.getKey();
        JsonNode body = only.getValue();
        String at = path + "." + kind;
        return switch (kind) {
            case "scale" -> {
                requireObject(body, at);
                allowOnly(body, at, "cluster", "kind", "namespace", "name", "replicas");
                yield new Step.Scale(clusterOf(body, at), requiredText(body, "kind", at), namespace(body, at),
                        requiredText(body, "name", at), requiredCount(body, "replicas", at));
            }
            case "expect" -> expect(body, at);
            case "fault" -> fault(body, at);
            case "recover" -> {
                requireObject(body, at);
                allowOnly(body, at, "cluster");
                if (!body.has("cluster")) {
                    throw new ScenarioException(at + ".cluster: required");
                }
                yield new Step.Recover(clusterOf(body, at));
            }
            case "apply" -> {
                requireObject(body, at);
                allowOnly(body, at, "cluster", "manifest");
                yield new Step.Apply(clusterOf(body, at), manifest(body, at));
            }
            case "delete" -> {
                requireObject(body, at);
                allowOnly(body, at, "cluster", "kind", "namespace", "name");
                String namespace = body.has("namespace") ? text(body.get("namespace"), at + ".namespace") : null;
                yield new Step.Delete(clusterOf(body, at), requiredText(body, "kind", at), namespace,
                        requiredText(body, "name", at));
            }
            case "wait" -> new Step.Wait(duration(body, at));
            default -> throw new ScenarioException(path + ": unknown step kind '" + kind + "'; use one of "
                    + String.join(", ", STEP_KINDS));
        };
    }

    private Step expect(JsonNode body, String at) {
        requireObject(body, at);
        allowOnly(body, at, "within", "workloadSpread", "subsets", "unitedDeployment", "workload", "clusters",
                "rebalancer", "observedWorkloads");
        Duration within = body.has("within") ? duration(body.get("within"), at + ".within") : DEFAULT_WITHIN;
        List<String> targets = new ArrayList<>();
        for (String target : List.of("workloadSpread", "unitedDeployment", "workload", "rebalancer")) {
            if (body.has(target)) {
                targets.add(target);
            }
        }
        if (targets.size() != 1) {
            throw new ScenarioException(at + ": needs exactly one of workloadSpread, unitedDeployment, workload, rebalancer"
                    + (targets.isEmpty() ? "" : ", got " + targets));
        }
        String target = targets.get(0);
        JsonNode ref = body.get(target);
        String refPath = at + "." + target;
        requireObject(ref, refPath);
        Step.Expectation expectation = switch (target) {
            case "workloadSpread" -> {
                allowOnly(ref, refPath, "cluster", "namespace", "name");
                onlyWith(body, at, "subsets", "workloadSpread");
                yield new Step.WorkloadSpreadSubsets(clusterOf(ref, refPath), namespace(ref, refPath),
                        requiredText(ref, "name", refPath), counts(body, "subsets", at));
            }
            case "unitedDeployment" -> {
                allowOnly(ref, refPath, "namespace", "name");
                onlyWith(body, at, "subsets", "unitedDeployment");
                yield new Step.UnitedDeploymentSubsets(namespace(ref, refPath), requiredText(ref, "name", refPath),
                        counts(body, "subsets", at));
            }
            case "workload" -> {
                allowOnly(ref, refPath, "kind", "namespace", "name");
                onlyWith(body, at, "clusters", "workload");
                Map<String, Integer> placed = counts(body, "clusters", at);
                for (String cluster : placed.keySet()) {
                    if (!clusters.containsKey(cluster)) {
                        throw new ScenarioException(at + ".clusters." + cluster + ": unknown cluster; the scenario has "
                                + clusters.keySet());
                    }
                }
                yield new Step.WorkloadClusters(requiredText(ref, "kind", refPath), namespace(ref, refPath),
                        requiredText(ref, "name", refPath), placed);
            }
            default -> {
                allowOnly(ref, refPath, "name");
                onlyWith(body, at, "observedWorkloads", "rebalancer");
                JsonNode list = body.get("observedWorkloads");
                if (list == null) {
                    throw new ScenarioException(at + ".observedWorkloads: required with rebalancer");
                }
                requireList(list, at + ".observedWorkloads");
                List<Step.ObservedWorkload> observed = new ArrayList<>();
                for (int i = 0; i < list.size(); i++) {
                    String p = at + ".observedWorkloads[" + i + "]";
                    requireObject(list.get(i), p);
                    allowOnly(list.get(i), p, "name", "result");
                    observed.add(new Step.ObservedWorkload(requiredText(list.get(i), "name", p),
                            requiredText(list.get(i), "result", p)));
                }
                yield new Step.RebalancerResults(requiredText(ref, "name", refPath), observed);
            }
        };
        return new Step.Expect(within, expectation);
    }

    /** {@code field} is required with {@code target}; the other count fields do not belong. */
    private static void onlyWith(JsonNode body, String at, String field, String target) {
        for (String other : List.of("subsets", "clusters", "observedWorkloads")) {
            if (!other.equals(field) && body.has(other)) {
                throw new ScenarioException(at + "." + other + ": does not go with " + target + " (use " + field + ")");
            }
        }
        if (!body.has(field)) {
            throw new ScenarioException(at + "." + field + ": required with " + target);
        }
    }

    private Step fault(JsonNode body, String at) {
        requireObject(body, at);
        allowOnly(body, at, "cluster", "zoneFull", "nodeNotReady", "unreachable");
        if (!body.has("cluster")) {
            throw new ScenarioException(at + ".cluster: required");
        }
        String cluster = clusterOf(body, at);
        List<String> kinds = new ArrayList<>();
        for (String kind : List.of("zoneFull", "nodeNotReady", "unreachable")) {
            if (body.has(kind)) {
                kinds.add(kind);
            }
        }
        if (kinds.size() != 1) {
            throw new ScenarioException(at + ": needs exactly one of zoneFull, nodeNotReady, unreachable"
                    + (kinds.isEmpty() ? "" : ", got " + kinds));
        }
        ClusterSpec spec = clusters.get(cluster);
        return switch (kinds.get(0)) {
            case "zoneFull" -> {
                String zone = requiredText(body, "zoneFull", at);
                if (spec.zones().stream().noneMatch(z -> z.name().equals(zone))) {
                    throw new ScenarioException(at + ".zoneFull: cluster " + cluster + " has no zone " + zone + "; it has "
                            + spec.zones().stream().map(ZoneSpec::name).toList());
                }
                yield new Step.Fault(cluster, Step.FaultKind.ZONE_FULL, zone);
            }
            case "nodeNotReady" -> {
                String node = requiredText(body, "nodeNotReady", at);
                boolean exists = spec.zones().stream().anyMatch(z -> {
                    String prefix = z.name() + "-";
                    if (!node.startsWith(prefix)) {
                        return false;
                    }
                    try {
                        int index = Integer.parseInt(node.substring(prefix.length()));
                        return index >= 0 && index < z.nodes();
                    } catch (NumberFormatException e) {
                        return false;
                    }
                });
                if (!exists) {
                    throw new ScenarioException(at + ".nodeNotReady: cluster " + cluster + " has no node " + node
                            + "; node names are <zone>-<index>, index from 0");
                }
                yield new Step.Fault(cluster, Step.FaultKind.NODE_NOT_READY, node);
            }
            default -> {
                JsonNode value = body.get("unreachable");
                if (!value.isBoolean() || !value.asBoolean()) {
                    throw new ScenarioException(at + ".unreachable: must be true (use recover to reconnect)");
                }
                yield new Step.Fault(cluster, Step.FaultKind.UNREACHABLE, null);
            }
        };
    }

    private String clusterOf(JsonNode node, String path) {
        if (!node.has("cluster") || node.get("cluster").isNull()) {
            return clusters.keySet().iterator().next();
        }
        String name = text(node.get("cluster"), path + ".cluster");
        if (!clusters.containsKey(name)) {
            throw new ScenarioException(path + ".cluster: unknown cluster " + name + "; the scenario has " + clusters.keySet());
        }
        return name;
    }

    private static String manifest(JsonNode node, String path) {
        String manifest = requiredText(node, "manifest", path);
        try {
            Iterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(manifest);
            int count = 0;
            while (docs.hasNext()) {
                JsonNode doc = docs.next();
                if (doc == null || doc.isNull() || doc.isEmpty()) {
                    continue;
                }
                count++;
                if (!doc.isObject() || !doc.hasNonNull("kind") || !doc.hasNonNull("apiVersion")) {
                    throw new ScenarioException(path + ".manifest: document " + count + " needs apiVersion and kind");
                }
                if (!doc.path("metadata").hasNonNull("name")) {
                    throw new ScenarioException(path + ".manifest: " + doc.get("kind").asText() + " needs metadata.name");
                }
            }
            if (count == 0) {
                throw new ScenarioException(path + ".manifest: holds no document");
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ScenarioException s) {
                throw s;
            }
            String message = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new ScenarioException(path + ".manifest: not valid YAML: " + firstLine(message));
        }
        return manifest;
    }

    private static String namespace(JsonNode node, String path) {
        return node.has("namespace") ? text(node.get("namespace"), path + ".namespace") : "default";
    }

    private static Duration duration(JsonNode node, String path) {
        if (node == null || !(node.isTextual() || node.isNumber())) {
            throw new ScenarioException(path + ": a duration is required, a number with ms, s, m or h (e.g. 60s)");
        }
        return Durations.parse(node.asText()).orElseThrow(() -> new ScenarioException(path + ": '" + node.asText()
                + "' is not a duration; use a number with ms, s, m or h (e.g. 500ms, 60s, 2m)"));
    }

    private static Map<String, Integer> counts(JsonNode body, String field, String at) {
        JsonNode node = body.get(field);
        String path = at + "." + field;
        requireObject(node, path);
        Map<String, Integer> out = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> {
            if (!e.getValue().isIntegralNumber() || e.getValue().asInt() < 0) {
                throw new ScenarioException(path + "." + e.getKey() + ": must be a whole number >= 0, got " + e.getValue());
            }
            out.put(e.getKey(), e.getValue().asInt());
        });
        return out;
    }

    private static int requiredCount(JsonNode node, String field, String path) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new ScenarioException(path + "." + field + ": required, a whole number >= 0");
        }
        if (!value.isIntegralNumber() || value.asLong() < 0 || value.asLong() > Integer.MAX_VALUE) {
            throw new ScenarioException(path + "." + field + ": must be a whole number >= 0, got " + value);
        }
        return value.asInt();
    }

    private static String requiredText(JsonNode node, String field, String path) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull() || (value.isTextual() && value.asText().isBlank())) {
            throw new ScenarioException(path + "." + field + ": required");
        }
        return text(value, path + "." + field);
    }

    private static String text(JsonNode value, String path) {
        if (!value.isValueNode() || value.isNull()) {
            throw new ScenarioException(path + ": must be a string");
        }
        return value.asText();
    }

    private static void requireObject(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new ScenarioException(path + ": must be a mapping (key: value)");
        }
    }

    private static void requireList(JsonNode node, String path) {
        if (!node.isArray()) {
            throw new ScenarioException(path + ": must be a list");
        }
    }

    private static void allowOnly(JsonNode node, String path, String... fields) {
        List<String> allowed = List.of(fields);
        node.fieldNames().forEachRemaining(name -> {
            if (!allowed.contains(name)) {
                throw new ScenarioException((path.isEmpty() ? "" : path + ".") + name + ": unknown field; "
                        + (path.isEmpty() ? "a scenario" : path) + " takes " + String.join(", ", allowed));
            }
        });
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).trim();
    }
}
