package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Keeps each node's published state in line with the injected faults: a node in a full zone
 * advertises exactly as many pod slots as it already runs; a NotReady node has
 * {@code Ready=False} and the {@code node.kubernetes.io/not-ready:NoSchedule} taint. Without
 * faults a node returns to its zone's spec.
 */
final class NodeFaults {

  static final String NOT_READY_TAINT = "node.kubernetes.io/not-ready";
  private final ClusterRuntime runtime;
  private final Map<String, ZoneSpec> zoneOfNode;

  NodeFaults(ClusterRuntime runtime, Map<String, ZoneSpec> zoneOfNode) {
    this.runtime = runtime;
    this.zoneOfNode = zoneOfNode;
  }

  void run() {
    Map<String, Integer> used = new HashMap<>();
    for (Pod pod : runtime.pods.list()) {
      if (Pods.scheduled(pod) && Pods.active(pod)) {
        used.merge(pod.getSpec().getNodeName(), 1, Integer::sum);
      }
    }
    runtime.each(runtime.nodes.list(), node -> {
      ZoneSpec zone = zoneOfNode.get(node.getMetadata().getName());
      if (zone == null) {
        return;
      }
      String name = node.getMetadata().getName();
      int slots = runtime.faults.fullZones.contains(zone.name()) ? used.getOrDefault(name, 0) : zone.podsPerNode();
      boolean ready = !runtime.faults.notReadyNodes.contains(name);
      List<Taint> taints = new ArrayList<>(zone.taints());
      if (!ready) {
        taints.add(new Taint("NoSchedule", NOT_READY_TAINT, null, null));
      }
      NodeCondition condition = Scheduler.readyCondition(node);
      boolean readyNow = condition != null && "True".equals(condition.getStatus());
      List<Taint> taintsNow = node.getSpec().getTaints() == null ? List.of() : node.getSpec().getTaints();
      if (Scheduler.capacity(node) == slots && readyNow == ready && sameTaints(taintsNow, taints)) {
        return;
      }
      ArrayNode patch = runtime.json.createArrayNode();
      patch.addObject().put("op", "add").put("path", "/spec/taints").set("value", runtime.json.valueToTree(taints));
      ObjectNode status = runtime.json.valueToTree(node.getStatus());
      ((ObjectNode) status.with("allocatable")).put("pods", String.valueOf(slots));
      if (readyNow != ready) {
        status.set("conditions", readyConditions(status.path("conditions"), ready));
      }
      patch.addObject().put("op", "add").put("path", "/status").set("value", status);
      runtime.patchNode(node, patch);
    });
  }

  private static boolean sameTaints(List<Taint> a, List<Taint> b) {
    return a.size() == b.size() && a.stream().allMatch(t -> b.stream().anyMatch(u ->
        Objects.equals(t.getKey(), u.getKey()) && Objects.equals(t.getEffect(), u.getEffect())
            && Objects.equals(t.getValue(), u.getValue())));
  }

  private ArrayNode readyConditions(JsonNode conditions, boolean ready) {
    ArrayNode out = runtime.json.createArrayNode();
    String now = Instant.now().toString();
    conditions.forEach(c -> {
      if (!"Ready".equals(c.path("type").asText())) {
        out.add(c);
      }
    });
    ObjectNode condition = out.addObject();
    condition.put("type", "Ready").put("status", ready ? "True" : "False")
        .put("reason", ready ? "KubeletReady" : "NodeStatusUnknown")
        .put("message", ready ? "kubelet is posting ready status" : "Kubelet stopped posting node status.")
        .put("lastHeartbeatTime", now).put("lastTransitionTime", now);
    return out;
  }
}
