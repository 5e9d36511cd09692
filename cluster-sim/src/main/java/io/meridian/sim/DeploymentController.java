package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deployments: one ReplicaSet per pod template, named {@code <deployment>-<pod-template-hash>} and
 * carrying that label in its selector and template; rolling updates bounded by maxSurge and
 * maxUnavailable (or Recreate); status summed over the pods of every owned ReplicaSet.
 */
final class DeploymentController {

  private final ClusterRuntime runtime;

  DeploymentController(ClusterRuntime runtime) {
    this.runtime = runtime;
  }

  void run() {
    List<Workload> replicaSets = runtime.workloads(ResourceKinds.REPLICA_SET);
    runtime.each(runtime.workloads(ResourceKinds.DEPLOYMENT), deployment -> {
      if (!deployment.deleting()) {
        reconcile(deployment, replicaSets.stream()
            .filter(rs -> Pods.ownedBy(rs.object(), deployment.uid()) && !rs.deleting()).toList());
      }
    });
  }

  private void reconcile(Workload deployment, List<Workload> owned) {
    String hash = Pods.hash(deployment.spec().path("template"));
    Workload matching = owned.stream().filter(rs -> hash.equals(ReplicaController.labelOf(rs, Pods.TEMPLATE_HASH)))
        .findFirst().orElse(null);
    List<Workload> old = owned.stream().filter(rs -> rs != matching)
        .sorted(Comparator.comparing(rs -> Pods.created(rs.object()))).toList();
    int desired = deployment.replicas();
    boolean recreate = "Recreate".equals(deployment.spec().path("strategy").path("type").asText());
    Workload current = matching;
    if (current == null) {
      int oldReplicas = old.stream().mapToInt(Workload::replicas).sum();
      int initial = recreate && oldReplicas > 0 ? 0 : old.isEmpty() ? desired : 0;
      current = Workload.of(ResourceKinds.REPLICA_SET,
          runtime.createWorkload(ResourceKinds.REPLICA_SET, newReplicaSet(deployment, hash, initial, owned)));
    }
    if (recreate) {
      old.stream().filter(rs -> rs.replicas() > 0).forEach(rs -> runtime.setReplicas(rs, 0));
      boolean oldGone = old.stream().allMatch(rs -> runtime.podsOwnedBy(rs.uid()).stream().noneMatch(Pods::active));
      if (oldGone && current.replicas() != desired) {
        runtime.setReplicas(current, desired);
      }
    } else {
      roll(deployment, current, old, desired);
    }
    writeStatus(deployment, current, owned);
  }

  private void roll(Workload deployment, Workload current, List<Workload> old, int desired) {
    JsonNode rolling = deployment.spec().path("strategy").path("rollingUpdate");
    int surge = deployment.intOrPercent(rolling.path("maxSurge"), desired, true, (desired + 3) / 4);
    int unavailable = deployment.intOrPercent(rolling.path("maxUnavailable"), desired, false, desired / 4);
    if (surge == 0 && unavailable == 0) {
      unavailable = 1;
    }
    int total = current.replicas() + old.stream().mapToInt(Workload::replicas).sum();
    int target = current.replicas();
    if (target > desired || old.isEmpty()) {
      target = desired;
    } else if (target < desired) {
      target = Math.min(desired, target + Math.max(0, desired + surge - total));
    }
    if (target != current.replicas()) {
      runtime.setReplicas(current, target);
    }
    if (old.isEmpty()) {
      return;
    }
    int available = 0;
    for (Workload rs : concat(current, old)) {
      available += (int) runtime.podsOwnedBy(rs.uid()).stream().filter(Pods::active).filter(Pods::ready).count();
    }
    int canRemove = Math.max(0, available - (desired - unavailable));
    for (Workload rs : old) {
      int notReady = (int) runtime.podsOwnedBy(rs.uid()).stream().filter(Pods::active)
          .filter(p -> !Pods.ready(p)).count();
      int remove = Math.min(rs.replicas(), canRemove + notReady);
      if (remove > 0) {
        runtime.setReplicas(rs, rs.replicas() - remove);
        canRemove -= Math.max(0, remove - notReady);
      }
    }
  }

  private static List<Workload> concat(Workload first, List<Workload> rest) {
    List<Workload> all = new ArrayList<>(rest);
    all.add(0, first);
    return all;
  }

  private GenericKubernetesResource newReplicaSet(Workload deployment, String hash, int replicas,
      List<Workload> siblings) {
    ObjectNode spec = runtime.json.createObjectNode();
    spec.put("replicas", replicas);
    ObjectNode selector = spec.putObject("selector");
    selector.setAll((ObjectNode) deployment.spec().path("selector").deepCopy());
    selector.with("matchLabels").put(Pods.TEMPLATE_HASH, hash);
    ObjectNode template = (ObjectNode) deployment.spec().path("template").deepCopy();
    template.with("metadata").with("labels").put(Pods.TEMPLATE_HASH, hash);
    spec.set("template", template);
    if (deployment.spec().has("minReadySeconds")) {
      spec.set("minReadySeconds", deployment.spec().get("minReadySeconds"));
    }
    int revision = siblings.stream().mapToInt(rs -> annotationInt(rs, "deployment.kubernetes.io/revision"))
        .max().orElse(0) + 1;
    ObjectMeta meta = new ObjectMeta();
    meta.setName(deployment.name() + "-" + hash);
    meta.setNamespace(deployment.namespace());
    Map<String, String> labels = new LinkedHashMap<>();
    template.path("metadata").path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
    meta.setLabels(labels);
    meta.setAnnotations(Map.of("deployment.kubernetes.io/revision", String.valueOf(revision),
        "deployment.kubernetes.io/desired-replicas", String.valueOf(deployment.replicas())));
    meta.setOwnerReferences(List.of(deployment.asOwner()));
    GenericKubernetesResource rs = new GenericKubernetesResource();
    rs.setApiVersion(ResourceKinds.REPLICA_SET.apiVersion());
    rs.setKind(ResourceKinds.REPLICA_SET.kind());
    rs.setMetadata(meta);
    rs.setAdditionalProperty("spec", runtime.json.convertValue(spec, Map.class));
    return rs;
  }

  private static int annotationInt(Workload workload, String key) {
    Map<String, String> annotations = workload.object().getMetadata().getAnnotations();
    try {
      return annotations == null ? 0 : Integer.parseInt(annotations.getOrDefault(key, "0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private void writeStatus(Workload deployment, Workload current, List<Workload> owned) {
    List<Pod> all = new ArrayList<>();
    for (Workload rs : concat(current, owned.stream().filter(rs -> !rs.uid().equals(current.uid())).toList())) {
      all.addAll(runtime.podsOwnedBy(rs.uid()).stream().filter(Pods::active).toList());
    }
    int updated = (int) runtime.podsOwnedBy(current.uid()).stream().filter(Pods::active).count();
    int ready = ReplicaController.count(all, Pods::ready);
    ObjectNode status = runtime.json.createObjectNode();
    status.put("observedGeneration", deployment.generation());
    status.put("replicas", all.size());
    status.put("updatedReplicas", updated);
    status.put("readyReplicas", ready);
    status.put("availableReplicas", ready);
    status.put("unavailableReplicas", Math.max(0, deployment.replicas() - ready));
    runtime.writeStatus(deployment, status);
  }
}
