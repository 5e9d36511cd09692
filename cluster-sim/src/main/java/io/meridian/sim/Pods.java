package io.meridian.sim;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/** Small facts about pods and objects that the controllers, scheduler and kubelet share. */
final class Pods {

  static final String DELETION_COST = "controller.kubernetes.io/pod-deletion-cost";
  static final String TEMPLATE_HASH = "pod-template-hash";
  static final String REVISION_HASH = "controller-revision-hash";
  private static final String SAFE_CHARS = "bcdfghjklmnpqrstvwxz2456789";

  private Pods() {
  }

  static boolean active(Pod pod) {
    String phase = phase(pod);
    return pod.getMetadata().getDeletionTimestamp() == null && !"Succeeded".equals(phase) && !"Failed".equals(phase);
  }

  static String phase(Pod pod) {
    return pod.getStatus() == null || pod.getStatus().getPhase() == null ? "Pending" : pod.getStatus().getPhase();
  }

  static boolean scheduled(Pod pod) {
    return pod.getSpec() != null && pod.getSpec().getNodeName() != null && !pod.getSpec().getNodeName().isEmpty();
  }

  static boolean ready(Pod pod) {
    return "True".equals(conditionStatus(pod, "Ready"));
  }

  static boolean runningAndReady(Pod pod) {
    return "Running".equals(phase(pod)) && ready(pod);
  }

  static String conditionStatus(Pod pod, String type) {
    if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
      return null;
    }
    return pod.getStatus().getConditions().stream().filter(c -> type.equals(c.getType()))
        .map(PodCondition::getStatus).findFirst().orElse(null);
  }

  static PodCondition condition(Pod pod, String type) {
    if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
      return null;
    }
    return pod.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst().orElse(null);
  }

  static boolean ownedBy(HasMetadata object, String ownerUid) {
    OwnerReference owner = controllerOf(object);
    return owner != null && Objects.equals(owner.getUid(), ownerUid);
  }

  static OwnerReference controllerOf(HasMetadata object) {
    if (object.getMetadata().getOwnerReferences() == null) {
      return null;
    }
    return object.getMetadata().getOwnerReferences().stream()
        .filter(o -> Boolean.TRUE.equals(o.getController())).findFirst().orElse(null);
  }

  static long deletionCost(Pod pod) {
    Map<String, String> annotations = pod.getMetadata().getAnnotations();
    String cost = annotations == null ? null : annotations.get(DELETION_COST);
    if (cost == null) {
      return 0;
    }
    try {
      return Long.parseLong(cost.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  static Instant created(HasMetadata object) {
    String timestamp = object.getMetadata().getCreationTimestamp();
    try {
      return timestamp == null ? Instant.EPOCH : Instant.parse(timestamp);
    } catch (RuntimeException e) {
      return Instant.EPOCH;
    }
  }

  private static int phaseRank(Pod pod) {
    return switch (phase(pod)) {
      case "Pending" -> 0;
      case "Running" -> 2;
      default -> 1;
    };
  }

  /**
   * The order in which scale-down removes pods, first to go first: lower deletion cost, then
   * unscheduled before scheduled, Pending before Running, not ready before ready, newer before
   * older.
   */
  static final Comparator<Pod> DELETION_ORDER = Comparator.comparingLong(Pods::deletionCost)
      .thenComparing(Pods::scheduled)
      .thenComparingInt(Pods::phaseRank)
      .thenComparing(Pods::ready)
      .thenComparing(Pods::created, Comparator.reverseOrder())
      .thenComparing(p -> p.getMetadata().getName(), Comparator.reverseOrder());

  /**
   * A short, stable hash of a template, spelled with the characters Kubernetes uses in names. Keys
   * are sorted first: the API server does not keep the order of fields from one write to the next.
   */
  static String hash(Object template) {
    JsonNode canonical = sorted(Serialization.jsonMapper().valueToTree(template));
    byte[] bytes = canonical.toString().getBytes(StandardCharsets.UTF_8);
    long hash = 0xcbf29ce484222325L;
    for (byte b : bytes) {
      hash ^= b & 0xff;
      hash *= 0x100000001b3L;
    }
    StringBuilder out = new StringBuilder();
    long value = hash & Long.MAX_VALUE;
    for (int i = 0; i < 10; i++) {
      out.append(SAFE_CHARS.charAt((int) (value % SAFE_CHARS.length())));
      value /= SAFE_CHARS.length();
    }
    return out.toString();
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      new TreeMap<String, JsonNode>(Serialization.jsonMapper().convertValue(node,
          new TypeReference<Map<String, JsonNode>>() { })).forEach((k, v) -> out.set(k, sorted(v)));
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      node.forEach(item -> out.add(sorted(item)));
      return out;
    }
    return node;
  }

  static String randomSuffix() {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      out.append(SAFE_CHARS.charAt(ThreadLocalRandom.current().nextInt(SAFE_CHARS.length())));
    }
    return out.toString();
  }
}
