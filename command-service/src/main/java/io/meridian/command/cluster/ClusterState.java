package io.meridian.command.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.ws.PodVersions;
import io.meridian.schemas.ObjectRef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.springframework.stereotype.Component;

/**
 * What the agents reported, per cluster, in memory: workloads and their owner chain objects,
 * WorkloadSpreads, nodes and pods. Written by the cluster events consumer only; read by admissions
 * and syncs. Objects are stored as the agent sent them plus apiVersion, kind and identity.
 */
@Component
public class ClusterState {
    public static final String POD = "Pod";
    public static final String NODE = "Node";
    public static final String WORKLOAD_SPREAD = "WorkloadSpread";
    private static final int MAX_OWNER_DEPTH = 16;

    private final ConcurrentMap<String, ConcurrentMap<String, ObjectNode>> clusters = new ConcurrentHashMap<>();
    /** The objects again, per cluster and kind, so a read of one kind does not scan every pod of the cluster. */
    private final ConcurrentMap<String, ConcurrentMap<String, ConcurrentMap<String, ObjectNode>>> kinds =
            new ConcurrentHashMap<>();
    /** The workload objects again, per cluster and namespace, in kind/name order (what {@link #workloads} returns). */
    private final ConcurrentMap<String, ConcurrentMap<String, ConcurrentSkipListMap<String, ObjectNode>>> workloads =
            new ConcurrentHashMap<>();
    /**
     * The workload objects again, by namespace, kind and name, per cluster that holds one: a template's copies are
     * found among the few clusters holding its name, not by a lookup in every member cluster.
     */
    private final ConcurrentMap<String, ConcurrentMap<String, ObjectNode>> holders = new ConcurrentHashMap<>();
    private final CompactTrees trees = new CompactTrees();

    /** Stores the object; returns the previous version, if any. */
    public Optional<ObjectNode> upsert(String cluster, ObjectRef ref, JsonNode body) {
        ObjectNode object = trees.copy(body);
        if (ref.apiVersion() != null) {
            object.set("apiVersion", trees.text(ref.apiVersion()));
        }
        object.set("kind", trees.text(ref.kind()));
        ObjectNode metadata = object.path("metadata").isObject() ? (ObjectNode) object.get("metadata") : object.putObject("metadata");
        metadata.put("name", ref.name());
        if (!ref.namespace().isEmpty()) {
            metadata.set("namespace", trees.text(ref.namespace()));
        }
        if (ref.uid() != null && !metadata.hasNonNull("uid")) {
            metadata.put("uid", ref.uid());
        }
        String key = key(ref.namespace(), ref.kind(), ref.name());
        kindIndex(cluster, ref.kind()).put(key, object);
        if (isWorkloadKind(ref.kind())) {
            workloadIndex(cluster, ref.namespace()).put(kindAndName(ref.kind(), ref.name()), object);
            holders.compute(key, (k, held) -> {
                ConcurrentMap<String, ObjectNode> holding = held == null ? new ConcurrentHashMap<>(4) : held;
                holding.put(cluster, object);
                return holding;
            });
        }
        return Optional.ofNullable(objects(cluster).put(key, object));
    }

    public Optional<ObjectNode> delete(String cluster, ObjectRef ref) {
        String key = key(ref.namespace(), ref.kind(), ref.name());
        kindIndex(cluster, ref.kind()).remove(key);
        if (isWorkloadKind(ref.kind())) {
            workloadIndex(cluster, ref.namespace()).remove(kindAndName(ref.kind(), ref.name()));
            holders.computeIfPresent(key, (k, held) -> {
                held.remove(cluster);
                return held.isEmpty() ? null : held;
            });
        }
        return Optional.ofNullable(objects(cluster).remove(key));
    }

    public Optional<ObjectNode> find(String cluster, String namespace, String kind, String name) {
        return Optional.ofNullable(held(cluster, key(namespace, kind, name)));
    }

    /** The object of that namespace, kind and name in each of the clusters that holds one, by cluster. */
    public Map<String, ObjectNode> findInEach(Collection<String> clusterNames, String namespace, String kind,
                                              String name) {
        String key = key(namespace, kind, name);
        Map<String, ObjectNode> found = new HashMap<>();
        if (isWorkloadKind(kind)) {
            Map<String, ObjectNode> holding = holders.get(key);
            if (holding != null) {
                holding.forEach((cluster, object) -> {
                    if (clusterNames.contains(cluster)) {
                        found.put(cluster, object);
                    }
                });
            }
            return found;
        }
        for (String cluster : clusterNames) {
            ObjectNode object = held(cluster, key);
            if (object != null) {
                found.put(cluster, object);
            }
        }
        return found;
    }

    /** A lookup only: a cluster never seen gets no empty map. */
    private ObjectNode held(String cluster, String key) {
        Map<String, ObjectNode> objects = clusters.get(cluster);
        return objects == null ? null : objects.get(key);
    }

    public List<ObjectNode> spreads(String cluster, String namespace) {
        return ofKind(cluster, namespace, WORKLOAD_SPREAD);
    }

    public List<ObjectNode> spreads(String cluster) {
        return ofKind(cluster, null, WORKLOAD_SPREAD);
    }

    /** Every object of a kind in a cluster, in name order (e.g. the UnitedDeployments to bring up to date at start). */
    public List<ObjectNode> ofKind(String cluster, String kind) {
        return ofKind(cluster, null, kind);
    }

    /** The objects of a kind in a namespace of a cluster (every namespace when null), in name order. */
    public List<ObjectNode> ofKind(String cluster, String namespace, String kind) {
        return ofKind(kindIndex(cluster, kind), namespace, kind);
    }

    public List<ObjectNode> pods(String cluster, String namespace) {
        return ofKind(cluster, namespace, POD);
    }

    public List<ObjectNode> nodes(String cluster) {
        return ofKind(cluster, "", NODE);
    }

    /** The namespaces a cluster has objects in ("" for cluster-scoped ones), sorted. */
    public List<String> namespaces(String cluster) {
        return objects(cluster).keySet().stream().map(key -> key.substring(0, key.indexOf('/'))).distinct().sorted().toList();
    }

    public List<String> clusterNames() {
        return List.copyOf(clusters.keySet());
    }

    /** The workload objects of a namespace (everything but pods, nodes and spreads): targets and owner chains. */
    public List<JsonNode> workloads(String cluster, String namespace) {
        return new ArrayList<>(workloadIndex(cluster, namespace).values());
    }

    /** The workload objects of one kind in a namespace, in name order, read from the namespace's index. */
    public List<JsonNode> workloads(String cluster, String namespace, String kind) {
        // keys are kind + "/" + name: this kind's keys lie between kind + "/" and kind + "0" ('0' follows '/')
        return new ArrayList<>(workloadIndex(cluster, namespace).subMap(kind + "/", kind + "0").values());
    }

    /** Whether an object's controller-owner chain reaches the target (kind and name; versions ignored). */
    public boolean reaches(String cluster, JsonNode object, String targetKind, String targetName) {
        String namespace = object.path("metadata").path("namespace").asText("");
        JsonNode current = object;
        for (int depth = 0; depth < MAX_OWNER_DEPTH && current != null; depth++) {
            JsonNode owner = controllerOf(current);
            if (owner == null) {
                return false;
            }
            String kind = owner.path("kind").asText();
            String name = owner.path("name").asText();
            if (kind.equals(targetKind) && name.equals(targetName)) {
                return true;
            }
            current = find(cluster, namespace, kind, name).orElse(null);
        }
        return false;
    }

    /** The workload objects from the object's controller up its owner chain, as far as the state has them. */
    public List<JsonNode> ownerChain(String cluster, JsonNode object) {
        List<JsonNode> chain = new ArrayList<>();
        String namespace = object.path("metadata").path("namespace").asText("");
        JsonNode current = object;
        for (int depth = 0; depth < MAX_OWNER_DEPTH; depth++) {
            JsonNode owner = controllerOf(current);
            if (owner == null) {
                break;
            }
            Optional<ObjectNode> found = find(cluster, namespace, owner.path("kind").asText(), owner.path("name").asText());
            if (found.isEmpty()) {
                break;
            }
            chain.add(found.get());
            current = found.get();
        }
        return chain;
    }

    /** The pods whose owner chain reaches the target, in name order. */
    public List<JsonNode> podsOf(String cluster, String namespace, String targetKind, String targetName) {
        List<JsonNode> out = new ArrayList<>();
        for (ObjectNode pod : pods(cluster, namespace)) {
            if (reaches(cluster, pod, targetKind, targetName)) {
                out.add(pod);
            }
        }
        out.sort(Comparator.comparing(p -> p.path("metadata").path("name").asText()));
        return out;
    }

    /**
     * The latest pod version of a workload (§1.4), for the kinds whose status is versioned (the kernel's
     * default: Deployment and ReplicaSet): the pod-template-hash of a Deployment's newest ReplicaSet, a
     * ReplicaSet's own pod-template-hash. Every other kind has {@code versionIgnored}, like its pods, so its
     * pods count as the latest version when deletion costs are computed.
     */
    public String latestVersion(String cluster, JsonNode workload) {
        String kind = workload.path("kind").asText();
        if (!PodVersions.DEFAULT_ENABLED_KINDS.contains(kind.toLowerCase(java.util.Locale.ROOT))) {
            return PodVersions.VERSION_IGNORED;
        }
        if ("ReplicaSet".equals(kind)) {
            return workload.path("metadata").path("labels").path(PodVersions.POD_TEMPLATE_HASH).asText(PodVersions.VERSION_IGNORED);
        }
        String namespace = workload.path("metadata").path("namespace").asText("");
        String name = workload.path("metadata").path("name").asText();
        return workloads(cluster, namespace).stream()
                .filter(o -> "ReplicaSet".equals(o.path("kind").asText()))
                .filter(o -> {
                    JsonNode owner = controllerOf(o);
                    return owner != null && "Deployment".equals(owner.path("kind").asText())
                            && name.equals(owner.path("name").asText());
                })
                .max(Comparator.comparingLong(o -> o.path("metadata").path("annotations")
                        .path("deployment.kubernetes.io/revision").asLong(0)))
                .map(o -> o.path("metadata").path("labels").path(PodVersions.POD_TEMPLATE_HASH).asText(null))
                .orElse(PodVersions.VERSION_IGNORED);
    }

    /** The owner reference marked controller, or null. */
    public static JsonNode controllerOf(JsonNode object) {
        for (JsonNode ref : object.path("metadata").path("ownerReferences")) {
            if (ref.path("controller").asBoolean(false)) {
                return ref;
            }
        }
        return null;
    }

    private static List<ObjectNode> ofKind(Map<String, ObjectNode> objects, String namespace, String kind) {
        List<ObjectNode> out = new ArrayList<>();
        for (Map.Entry<String, ObjectNode> e : objects.entrySet()) {
            ObjectNode o = e.getValue();
            if (kind.equals(o.path("kind").asText())
                    && (namespace == null || namespace.equals(o.path("metadata").path("namespace").asText("")))) {
                out.add(o);
            }
        }
        out.sort(Comparator.comparing(o -> o.path("metadata").path("name").asText()));
        return out;
    }

    private ConcurrentMap<String, ObjectNode> kindIndex(String cluster, String kind) {
        return kinds.computeIfAbsent(cluster, c -> new ConcurrentHashMap<>()).computeIfAbsent(kind, k -> new ConcurrentHashMap<>());
    }

    private ConcurrentSkipListMap<String, ObjectNode> workloadIndex(String cluster, String namespace) {
        return workloads.computeIfAbsent(cluster, c -> new ConcurrentHashMap<>())
                .computeIfAbsent(namespace, n -> new ConcurrentSkipListMap<>());
    }

    private static boolean isWorkloadKind(String kind) {
        return !POD.equals(kind) && !NODE.equals(kind) && !WORKLOAD_SPREAD.equals(kind);
    }

    private static String kindAndName(String kind, String name) {
        return kind + "/" + name;
    }

    private ConcurrentMap<String, ObjectNode> objects(String cluster) {
        return clusters.computeIfAbsent(cluster, c -> new ConcurrentHashMap<>());
    }

    /** A cluster-scoped object's namespace is "" (null is read as "" too). */
    private static String key(String namespace, String kind, String name) {
        return (namespace == null ? "" : namespace) + "/" + kind + "/" + name;
    }
}
