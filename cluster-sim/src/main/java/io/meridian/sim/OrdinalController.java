package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * StatefulSet and Kruise Advanced StatefulSet: pods {@code <name>-<ordinal>}, created lowest first
 * and removed highest first; with {@code OrderedReady} (the default) one at a time and only when
 * the others are Running and Ready, with {@code Parallel} all at once. A template change replaces
 * pods from the highest ordinal down to the partition, one at a time. Advanced StatefulSet's
 * {@code reserveOrdinals} are skipped.
 */
final class OrdinalController {

  private final ClusterRuntime runtime;

  OrdinalController(ClusterRuntime runtime) {
    this.runtime = runtime;
  }

  void run() {
    for (ResourceKind kind : List.of(ResourceKinds.STATEFUL_SET, ResourceKinds.ADVANCED_STATEFUL_SET_BETA,
        ResourceKinds.ADVANCED_STATEFUL_SET_ALPHA)) {
      runtime.each(runtime.workloads(kind), set -> {
        if (!set.deleting()) {
          reconcile(set);
        }
      });
    }
  }

  private void reconcile(Workload set) {
    String revision = set.name() + "-" + Pods.hash(set.spec().path("template"));
    boolean parallel = "Parallel".equals(set.spec().path("podManagementPolicy").asText());
    Set<Integer> reserved = new HashSet<>();
    set.spec().path("reserveOrdinals").forEach(n -> reserved.add(n.asInt()));
    List<Integer> wantedOrdinals = new ArrayList<>();
    for (int ordinal = 0; wantedOrdinals.size() < set.replicas(); ordinal++) {
      if (!reserved.contains(ordinal)) {
        wantedOrdinals.add(ordinal);
      }
    }
    TreeMap<Integer, Pod> byOrdinal = new TreeMap<>();
    for (Pod pod : runtime.podsOwnedBy(set.uid())) {
      int ordinal = ordinalOf(set.name(), pod.getMetadata().getName());
      if (ordinal >= 0 && Pods.active(pod)) {
        byOrdinal.put(ordinal, pod);
      }
    }
    String who = set.kind().kind() + " " + set.namespace() + "/" + set.name();
    boolean allReady = byOrdinal.values().stream().allMatch(Pods::runningAndReady);
    for (int ordinal : wantedOrdinals) {
      if (byOrdinal.containsKey(ordinal)) {
        continue;
      }
      if (!parallel && !allReady) {
        break;
      }
      String podName = set.name() + "-" + ordinal;
      Pod created = runtime.createPod(PodFactory.fromTemplate(set, set.template(), podName, Map.of(
          Pods.REVISION_HASH, revision, "statefulset.kubernetes.io/pod-name", podName,
          "apps.kubernetes.io/pod-index", String.valueOf(ordinal))), who);
      if (created == null || !parallel) {
        break;
      }
      byOrdinal.put(ordinal, created);
    }
    List<Integer> surplus = byOrdinal.descendingKeySet().stream().filter(o -> !wantedOrdinals.contains(o)).toList();
    for (int ordinal : surplus) {
      if (!parallel && !byOrdinal.values().stream().allMatch(Pods::runningAndReady)) {
        break;
      }
      if (runtime.deletePod(byOrdinal.get(ordinal), who)) {
        byOrdinal.remove(ordinal);
      }
      if (!parallel) {
        break;
      }
    }
    rollOne(set, byOrdinal, revision, who);
    writeStatus(set, byOrdinal, revision);
  }

  private void rollOne(Workload set, TreeMap<Integer, Pod> byOrdinal, String revision, String who) {
    JsonNode strategy = set.spec().path("updateStrategy");
    if ("OnDelete".equals(strategy.path("type").asText()) || byOrdinal.size() != set.replicas()
        || !byOrdinal.values().stream().allMatch(Pods::runningAndReady)) {
      return;
    }
    int partition = strategy.path("rollingUpdate").path("partition").asInt(0);
    for (Map.Entry<Integer, Pod> entry : byOrdinal.descendingMap().entrySet()) {
      if (entry.getKey() >= partition && !revision.equals(ReplicaController.labels(entry.getValue())
          .get(Pods.REVISION_HASH))) {
        runtime.deletePod(entry.getValue(), who + " update");
        return;
      }
    }
  }

  private void writeStatus(Workload set, TreeMap<Integer, Pod> byOrdinal, String revision) {
    List<Pod> pods = new ArrayList<>(byOrdinal.values());
    List<Pod> updated = pods.stream().filter(p -> revision.equals(ReplicaController.labels(p)
        .get(Pods.REVISION_HASH))).toList();
    ObjectNode status = runtime.json.createObjectNode();
    status.put("observedGeneration", set.generation());
    status.put("replicas", pods.size());
    status.put("readyReplicas", ReplicaController.count(pods, Pods::ready));
    status.put("availableReplicas", ReplicaController.count(pods, Pods::ready));
    status.put("currentReplicas", updated.size() == pods.size() ? pods.size() : pods.size() - updated.size());
    status.put("updatedReplicas", updated.size());
    status.put("updateRevision", revision);
    status.put("currentRevision", updated.size() == pods.size() ? revision
        : set.status().path("currentRevision").asText(revision));
    if (!set.kind().group().equals("apps")) {
      status.put("updatedReadyReplicas", ReplicaController.count(updated, Pods::ready));
      status.put("labelSelector", ReplicaController.selectorString(set.spec().path("selector")));
    }
    runtime.writeStatus(set, status);
  }

  static int ordinalOf(String setName, String podName) {
    String prefix = setName + "-";
    if (!podName.startsWith(prefix)) {
      return -1;
    }
    try {
      return Integer.parseInt(podName.substring(prefix.length()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
