package io.meridian.sim;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Binds pending pods to nodes. A node fits when it is Ready and schedulable, matches the pod's
 * nodeSelector and required node affinity, has all its NoSchedule/NoExecute taints tolerated and
 * still has a free pod slot ({@code status.allocatable.pods}). Among fitting nodes the highest
 * preferred-affinity weight wins, then the fewest pods, then the name. A pod that fits nowhere gets
 * {@code PodScheduled=False, reason Unschedulable} and stays Pending.
 */
final class Scheduler {

  private final ClusterRuntime runtime;
  final Map<String, Instant> boundAt = new HashMap<>();

  Scheduler(ClusterRuntime runtime) {
    this.runtime = runtime;
  }

  void run() {
    Map<String, String> underWay = runtime.patchesUnderWay();
    List<Pod> pods = runtime.pods.list();
    List<Pod> pending = pods.stream()
        .filter(p -> Pods.active(p) && !Pods.scheduled(p) && !underWay.containsKey(p.getMetadata().getUid()))
        .filter(p -> "default-scheduler".equals(p.getSpec().getSchedulerName()) || p.getSpec().getSchedulerName() == null)
        .sorted(Comparator.comparing(Pods::created).thenComparing(p -> p.getMetadata().getName()))
        .toList();
    if (pending.isEmpty()) {
      return;
    }
    List<Node> nodes = runtime.nodes.list();
    Map<String, Integer> used = podsPerNode(pods, underWay);
    runtime.each(pending, pod -> {
      Node best = bestNode(pod, nodes, used);
      if (best != null) {
        bind(pod, best);
        used.merge(best.getMetadata().getName(), 1, Integer::sum);
      } else {
        markUnschedulable(pod, nodes.size());
      }
    });
  }

  /**
   * Each active pod counted once on its node: the node it is scheduled to in the listing, else the node a
   * binding under way puts it on (taken before the listing, so a binding that finished in between is
   * counted by the listing alone).
   */
  private static Map<String, Integer> podsPerNode(List<Pod> pods, Map<String, String> underWay) {
    Map<String, Integer> used = new HashMap<>();
    for (Pod pod : pods) {
      if (!Pods.active(pod)) {
        continue;
      }
      String node = Pods.scheduled(pod) ? pod.getSpec().getNodeName() : underWay.get(pod.getMetadata().getUid());
      if (node != null && !node.isEmpty()) {
        used.merge(node, 1, Integer::sum);
      }
    }
    return used;
  }

  private static Node bestNode(Pod pod, List<Node> nodes, Map<String, Integer> used) {
    Node best = null;
    int bestWeight = Integer.MIN_VALUE;
    for (Node node : nodes) {
      if (!fits(pod, node, used.getOrDefault(node.getMetadata().getName(), 0))) {
        continue;
      }
      int weight = preferredWeight(pod, node);
      if (best == null || weight > bestWeight || weight == bestWeight && better(node, best, used)) {
        best = node;
        bestWeight = weight;
      }
    }
    return best;
  }

  private static boolean better(Node candidate, Node best, Map<String, Integer> used) {
    int a = used.getOrDefault(candidate.getMetadata().getName(), 0);
    int b = used.getOrDefault(best.getMetadata().getName(), 0);
    return a != b ? a < b : candidate.getMetadata().getName().compareTo(best.getMetadata().getName()) < 0;
  }

  static boolean fits(Pod pod, Node node, int podsOnNode) {
    if (!nodeReady(node) || Boolean.TRUE.equals(node.getSpec().getUnschedulable())) {
      return false;
    }
    if (podsOnNode >= capacity(node)) {
      return false;
    }
    Map<String, String> labels = node.getMetadata().getLabels() == null ? Map.of() : node.getMetadata().getLabels();
    Map<String, String> nodeSelector = pod.getSpec().getNodeSelector();
    if (nodeSelector != null && nodeSelector.entrySet().stream()
        .anyMatch(e -> !Objects.equals(labels.get(e.getKey()), e.getValue()))) {
      return false;
    }
    List<NodeSelectorTerm> required = requiredTerms(pod.getSpec().getAffinity());
    if (required != null && !Selectors.matchesAnyTerm(required, node)) {
      return false;
    }
    return Selectors.toleratesAll(node.getSpec().getTaints(), pod.getSpec().getTolerations());
  }

  static boolean nodeReady(Node node) {
    if (node.getStatus() == null || node.getStatus().getConditions() == null) {
      return false;
    }
    return node.getStatus().getConditions().stream()
        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  static int capacity(Node node) {
    Quantity pods = node.getStatus() == null || node.getStatus().getAllocatable() == null ? null
        : node.getStatus().getAllocatable().get("pods");
    if (pods == null) {
      return 0;
    }
    try {
      return Quantity.getAmountInBytes(pods).intValue();
    } catch (RuntimeException e) {
      return 0;
    }
  }

  private static List<NodeSelectorTerm> requiredTerms(Affinity affinity) {
    if (affinity == null || affinity.getNodeAffinity() == null
        || affinity.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution() == null) {
      return null;
    }
    List<NodeSelectorTerm> terms = affinity.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms();
    return terms == null ? List.of() : terms;
  }

  private static int preferredWeight(Pod pod, Node node) {
    Affinity affinity = pod.getSpec().getAffinity();
    if (affinity == null || affinity.getNodeAffinity() == null
        || affinity.getNodeAffinity().getPreferredDuringSchedulingIgnoredDuringExecution() == null) {
      return 0;
    }
    int weight = 0;
    for (PreferredSchedulingTerm term : affinity.getNodeAffinity().getPreferredDuringSchedulingIgnoredDuringExecution()) {
      if (term.getPreference() != null && Selectors.matches(term.getPreference(), node)) {
        weight += term.getWeight() == null ? 0 : term.getWeight();
      }
    }
    return weight;
  }

  private void bind(Pod pod, Node node) {
    Instant now = Instant.now();
    ObjectNode status = runtime.statusOf(pod);
    ArrayNode conditions = withCondition(status, "PodScheduled", "True", null, null, now);
    status.set("conditions", conditions);
    ArrayNode patch = runtime.json.createArrayNode();
    patch.addObject().put("op", "add").put("path", "/spec/nodeName").put("value", node.getMetadata().getName());
    patch.addObject().put("op", "add").put("path", "/status").set("value", status);
    boundAt.put(pod.getMetadata().getUid(), now);
    runtime.startPatchingPod(pod, patch, node.getMetadata().getName());
  }

  private void markUnschedulable(Pod pod, int nodeCount) {
    String message = "0/" + nodeCount + " nodes are available: no node is Ready, matches the pod's node "
        + "selector and affinity, tolerates its taints and has a free pod slot.";
    PodCondition current = Pods.condition(pod, "PodScheduled");
    if (current != null && "False".equals(current.getStatus()) && "Unschedulable".equals(current.getReason())) {
      return;
    }
    ObjectNode status = runtime.statusOf(pod);
    status.put("phase", "Pending");
    status.set("conditions", withCondition(status, "PodScheduled", "False", "Unschedulable", message, Instant.now()));
    ArrayNode patch = runtime.json.createArrayNode();
    patch.addObject().put("op", "add").put("path", "/status").set("value", status);
    runtime.startPatchingPod(pod, patch, null);
  }

  /** The conditions array with the one of {@code type} replaced (or added). */
  static ArrayNode withCondition(ObjectNode status, String type, String value, String reason, String message,
      Instant now) {
    ArrayNode conditions = JsonNodeFactory.instance.arrayNode();
    status.path("conditions").forEach(c -> {
      if (!type.equals(c.path("type").asText())) {
        conditions.add(c);
      }
    });
    ObjectNode condition = conditions.addObject();
    condition.put("type", type).put("status", value).put("lastTransitionTime", now.toString());
    condition.putNull("lastProbeTime");
    if (reason != null) {
      condition.put("reason", reason);
    }
    if (message != null) {
      condition.put("message", message);
    }
    return conditions;
  }

  static NodeCondition readyCondition(Node node) {
    if (node.getStatus() == null || node.getStatus().getConditions() == null) {
      return null;
    }
    return node.getStatus().getConditions().stream().filter(c -> "Ready".equals(c.getType())).findFirst().orElse(null);
  }
}
