package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a person with kubectl would do to a simulated cluster, for tests and the scenario runner.
 * Writes go through the cluster's admission webhooks like any API write, and through the
 * simulation's own connection (so they work while the cluster is unreachable from outside).
 */
public final class ClusterApi {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private final ClusterRuntime runtime;
  private final ResourceKinds kinds;
  private final ObjectMapper json = Serialization.jsonMapper();

  ClusterApi(ClusterRuntime runtime, ResourceKinds kinds) {
    this.runtime = runtime;
    this.kinds = kinds;
  }

  /**
   * Creates or replaces every object of a (multi-document) YAML manifest. Mutating and validating
   * webhooks whose rules match are called first (CREATE or UPDATE).
   *
   * @throws AdmissionDeniedException when a webhook refuses, with its message
   */
  public List<GenericKubernetesResource> apply(String manifestYaml) {
    List<GenericKubernetesResource> applied = new ArrayList<>();
    for (JsonNode document : documents(manifestYaml)) {
      applied.add(applyOne(document));
    }
    return applied;
  }

  private List<JsonNode> documents(String yaml) {
    try (MappingIterator<JsonNode> docs = YAML.readerFor(JsonNode.class).readValues(yaml)) {
      List<JsonNode> out = new ArrayList<>();
      while (docs.hasNext()) {
        JsonNode doc = docs.next();
        if (doc != null && doc.isObject() && !doc.isEmpty()) {
          out.add(doc);
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("not a YAML manifest", e);
    }
  }

  private GenericKubernetesResource applyOne(JsonNode document) {
    ResourceKind kind = resolve(document.path("apiVersion").asText(null), document.path("kind").asText(null));
    String name = document.path("metadata").path("name").asText(null);
    if (name == null) {
      throw new IllegalArgumentException(kind.kind() + ": metadata.name is required");
    }
    String namespace = kind.namespaced() ? document.path("metadata").path("namespace").asText("default") : null;
    ((com.fasterxml.jackson.databind.node.ObjectNode) document.with("metadata")).put("namespace", namespace);
    if (namespace == null) {
      ((com.fasterxml.jackson.databind.node.ObjectNode) document.with("metadata")).remove("namespace");
    }
    runtime.ensureNamespace(namespace);
    GenericKubernetesResource existing = runtime.resource(kind, namespace, name).get();
    JsonNode old = existing == null ? null : json.valueToTree(existing);
    Admission.Outcome outcome = runtime.admission.admit(new Admission.Request(kind, null,
        existing == null ? "CREATE" : "UPDATE", namespace, name, document, old));
    if (!outcome.allowed()) {
      throw new AdmissionDeniedException(outcome.message());
    }
    GenericKubernetesResource object = json.convertValue(outcome.object(), GenericKubernetesResource.class);
    var operation = runtime.client.genericKubernetesResources(kind.context());
    if (existing == null) {
      return kind.namespaced() ? operation.inNamespace(namespace).resource(object).create()
          : operation.resource(object).create();
    }
    object.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
    object.getMetadata().setUid(existing.getMetadata().getUid());
    if (!object.getAdditionalProperties().containsKey("status") && existing.getAdditionalProperties().containsKey("status")) {
      object.setAdditionalProperty("status", existing.getAdditionalProperties().get("status"));
    }
    return kind.namespaced() ? operation.inNamespace(namespace).resource(object).update()
        : operation.resource(object).update();
  }

  /**
   * Sets the replicas of a workload: through the {@code scale} sub-resource when its kind has one,
   * else by patching {@code spec.replicas}. {@code kind} is a kind name ({@code Deployment}) or
   * {@code apiVersion/Kind} to pick one of several kinds with that name.
   */
  public void scale(String kind, String namespace, String name, int replicas) {
    ResourceKind found = locate(kind, namespace, name);
    String patch = "{\"spec\":{\"replicas\":" + replicas + "}}";
    var resource = runtime.resource(found, namespace, name);
    if (found.scaleSubresource()) {
      resource.subresource("scale").patch(PatchContext.of(PatchType.JSON_MERGE), patch);
    } else {
      resource.patch(PatchContext.of(PatchType.JSON_MERGE), patch);
    }
  }

  /**
   * Deletes an object; validating webhooks for DELETE are asked first.
   *
   * @return false when there was no such object
   * @throws AdmissionDeniedException when a webhook refuses
   */
  public boolean delete(String kind, String namespace, String name) {
    ResourceKind found;
    try {
      found = locate(kind, namespace, name);
    } catch (IllegalArgumentException e) {
      return false;
    }
    GenericKubernetesResource existing = runtime.resource(found, namespace, name).get();
    if (existing == null) {
      return false;
    }
    Admission.Outcome outcome = runtime.admission.admit(new Admission.Request(found, null, "DELETE",
        found.namespaced() ? namespace : null, name, null, json.valueToTree(existing)));
    if (!outcome.allowed()) {
      throw new AdmissionDeniedException(outcome.message());
    }
    runtime.resource(found, namespace, name).delete();
    return true;
  }

  /**
   * Evicts a pod as {@code kubectl drain} would: validating webhooks see a CREATE of
   * {@code pods/eviction}, then the pod is deleted.
   *
   * @throws AdmissionDeniedException when a webhook refuses
   */
  public boolean evict(String namespace, String podName) {
    Pod pod = runtime.client.pods().inNamespace(namespace).withName(podName).get();
    if (pod == null) {
      return false;
    }
    Admission.Outcome outcome = runtime.admitPodRemoval(namespace, podName, "eviction", json.valueToTree(pod));
    if (!outcome.allowed()) {
      throw new AdmissionDeniedException(outcome.message());
    }
    runtime.client.pods().inNamespace(namespace).withName(podName).delete();
    return true;
  }

  /** Pods in the namespace whose labels include all of {@code selector} (all pods for an empty map). */
  public List<Pod> pods(String namespace, Map<String, String> selector) {
    return runtime.client.pods().inNamespace(namespace).withLabels(selector).list().getItems().stream()
        .filter(p -> selector.entrySet().stream().allMatch(e ->
            p.getMetadata().getLabels() != null && e.getValue().equals(p.getMetadata().getLabels().get(e.getKey()))))
        .toList();
  }

  /**
   * Active (not terminating, not finished) pods matching the selector that are bound to a node,
   * counted by the value of {@code nodeLabel} on their node (e.g. the zone). Pending pods are not
   * counted.
   */
  public Map<String, Integer> countsByNodeLabel(String namespace, Map<String, String> selector, String nodeLabel) {
    Map<String, String> valueOfNode = new TreeMap<>();
    for (Node node : runtime.client.nodes().list().getItems()) {
      Map<String, String> labels = node.getMetadata().getLabels();
      valueOfNode.put(node.getMetadata().getName(), labels == null ? "" : labels.getOrDefault(nodeLabel, ""));
    }
    Map<String, Integer> counts = new TreeMap<>();
    for (Pod pod : pods(namespace, selector)) {
      if (Pods.active(pod) && Pods.scheduled(pod)) {
        counts.merge(valueOfNode.getOrDefault(pod.getSpec().getNodeName(), ""), 1, Integer::sum);
      }
    }
    return counts;
  }

  /** {@link #countsByNodeLabel} by {@code topology.kubernetes.io/zone}. */
  public Map<String, Integer> countsByZone(String namespace, Map<String, String> selector) {
    return countsByNodeLabel(namespace, selector, SimulatedCluster.ZONE_LABEL);
  }

  /** The object as stored, or null. */
  public GenericKubernetesResource get(String kind, String namespace, String name) {
    try {
      ResourceKind found = locate(kind, namespace, name);
      return runtime.resource(found, namespace, name).get();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private ResourceKind resolve(String apiVersion, String kind) {
    if (kind == null) {
      throw new IllegalArgumentException("the manifest has no kind");
    }
    List<ResourceKind> candidates = kinds.named(apiVersion, kind);
    if (candidates.isEmpty()) {
      throw new IllegalArgumentException("the simulation does not know " + apiVersion + " " + kind
          + "; register it with ResourceKinds.add before starting the cluster");
    }
    return candidates.get(0);
  }

  /** The kind (among those with the name) under which this object exists. */
  private ResourceKind locate(String kind, String namespace, String name) {
    int slash = kind.lastIndexOf('/');
    List<ResourceKind> candidates = slash < 0 ? kinds.named(null, kind)
        : kinds.named(kind.substring(0, slash), kind.substring(slash + 1));
    if (candidates.isEmpty()) {
      throw new IllegalArgumentException("unknown kind " + kind);
    }
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    for (ResourceKind candidate : candidates) {
      try {
        if (runtime.resource(candidate, namespace, name).get() != null) {
          return candidate;
        }
      } catch (KubernetesClientException e) {
        // try the next one
      }
    }
    return candidates.get(0);
  }
}
