package io.meridian.sim;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Deletes ReplicaSets and pods whose controlling owner (a workload kind the simulation runs) has
 * been gone for a moment: the cascade a real garbage collector performs after a workload is
 * deleted. Pod deletions go through the validating webhooks like any other.
 */
final class GarbageCollector {

  private static final Duration GRACE = Duration.ofSeconds(2);
  private final ClusterRuntime runtime;
  private final Map<String, Instant> orphanSince = new HashMap<>();

  GarbageCollector(ClusterRuntime runtime) {
    this.runtime = runtime;
  }

  void run() {
    Instant now = Instant.now();
    runtime.each(runtime.workloads.get(ResourceKinds.REPLICA_SET).list(), rs -> {
      if (orphaned(rs, now)) {
        runtime.deleteObject(ResourceKinds.REPLICA_SET, rs);
      }
    });
    runtime.each(runtime.pods.list(), pod -> {
      if (pod.getMetadata().getDeletionTimestamp() == null && orphaned(pod, now)) {
        runtime.deletePod(pod, "garbage collector");
      }
    });
    orphanSince.keySet().removeIf(uid -> orphanSince.get(uid).isBefore(now.minus(Duration.ofMinutes(5))));
  }

  private boolean orphaned(HasMetadata object, Instant now) {
    OwnerReference owner = Pods.controllerOf(object);
    if (owner == null) {
      return false;
    }
    List<ResourceKind> kinds = ClusterRuntime.WORKLOAD_KINDS.stream()
        .filter(k -> k.kind().equals(owner.getKind()) && k.apiVersion().equals(owner.getApiVersion())).toList();
    if (kinds.isEmpty()) {
      return false;
    }
    boolean present = kinds.stream().anyMatch(k -> runtime.workloads.get(k).list().stream()
        .anyMatch(o -> owner.getUid().equals(o.getMetadata().getUid())));
    String uid = object.getMetadata().getUid();
    if (present) {
      orphanSince.remove(uid);
      return false;
    }
    Instant since = orphanSince.computeIfAbsent(uid, u -> now);
    if (since.plus(GRACE).isBefore(now)) {
      return true;
    }
    runtime.wakeAt(since.plus(GRACE).plusMillis(50));
    return false;
  }
}
