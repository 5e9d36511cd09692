package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The controllers that keep a count of interchangeable pods: ReplicaSet, Kruise CloneSet
 * (specified deletes, revisions and partition) and Job (parallelism up to completions). Scale-down
 * removes pods in {@link Pods#DELETION_ORDER}.
 */
final class ReplicaController {

  private static final Comparator<Pod> BY_DELETION = Pods.DELETION_ORDER;
  private final ClusterRuntime runtime;
  private static final int MAX_BATCH = 64;
  private final Map<String, Instant> retryAfter = new ConcurrentHashMap<>();
  private final Map<String, Integer> batches = new ConcurrentHashMap<>();

  ReplicaController(ClusterRuntime runtime) {
    this.runtime = runtime;
  }

  void replicaSets() {
    runtime.each(runtime.workloads(ResourceKinds.REPLICA_SET), rs -> {
      if (rs.deleting()) {
        return;
      }
      String hash = labelOf(rs, Pods.TEMPLATE_HASH);
      Map<String, String> labels = hash == null ? Map.of() : Map.of(Pods.TEMPLATE_HASH, hash);
      List<Pod> active = converge(rs, rs.replicas(), labels, List.of());
      ObjectNode status = runtime.json.createObjectNode();
      status.put("replicas", active.size());
      status.put("fullyLabeledReplicas", active.size());
      status.put("readyReplicas", count(active, Pods::ready));
      status.put("availableReplicas", count(active, Pods::ready));
      status.put("observedGeneration", rs.generation());
      runtime.writeStatus(rs, status);
    });
  }

  void cloneSets() {
    runtime.each(runtime.workloads(ResourceKinds.CLONE_SET), cs -> {
      if (cs.deleting()) {
        return;
      }
      String revision = cs.name() + "-" + Pods.hash(cs.spec().path("template"));
      List<Pod> owned = runtime.podsOwnedBy(cs.uid()).stream().filter(runtime::live).toList();
      Set<String> toDelete = new HashSet<>();
      cs.spec().path("scaleStrategy").path("podsToDelete").forEach(n -> toDelete.add(n.asText()));
      List<Pod> specified = owned.stream().filter(p -> toDelete.contains(p.getMetadata().getName())
          || "true".equals(labels(p).get("apps.kruise.io/specified-delete"))).toList();
      specified.forEach(p -> runtime.startDeletingPod(p, "CloneSet " + cs.namespace() + "/" + cs.name()));
      List<Pod> active = converge(cs, cs.replicas(), Map.of(Pods.REVISION_HASH, revision), specified);
      rollOne(cs, active, revision, cs.intOrPercent(cs.spec().path("updateStrategy").path("partition"),
          cs.replicas(), true, 0));
      List<Pod> updated = active.stream().filter(p -> revision.equals(labels(p).get(Pods.REVISION_HASH))).toList();
      ObjectNode status = runtime.json.createObjectNode();
      status.put("observedGeneration", cs.generation());
      status.put("replicas", active.size());
      status.put("readyReplicas", count(active, Pods::ready));
      status.put("availableReplicas", count(active, Pods::ready));
      status.put("updatedReplicas", updated.size());
      status.put("updatedReadyReplicas", count(updated, Pods::ready));
      status.put("updatedAvailableReplicas", count(updated, Pods::ready));
      status.put("expectedUpdatedReplicas", Math.max(0, cs.replicas()
          - cs.intOrPercent(cs.spec().path("updateStrategy").path("partition"), cs.replicas(), true, 0)));
      status.put("updateRevision", revision);
      status.put("currentRevision", updated.size() == active.size() ? revision
          : cs.status().path("currentRevision").asText(revision));
      status.put("labelSelector", selectorString(cs.spec().path("selector")));
      runtime.writeStatus(cs, status);
    });
  }

  /** Recreates one pod of an old revision at a time while more than {@code partition} old pods remain. */
  private void rollOne(Workload owner, List<Pod> active, String revision, int partition) {
    if (owner.spec().path("updateStrategy").path("paused").asBoolean(false)
        || active.size() != owner.replicas() || !active.stream().allMatch(Pods::runningAndReady)) {
      return;
    }
    List<Pod> old = active.stream().filter(p -> !revision.equals(labels(p).get(Pods.REVISION_HASH)))
        .sorted(BY_DELETION).toList();
    if (old.size() > partition) {
      runtime.startDeletingPod(old.get(0), owner.kind().kind() + " " + owner.namespace() + "/" + owner.name() + " update");
    }
  }

  void jobs() {
    runtime.each(runtime.workloads(ResourceKinds.JOB), job -> {
      if (job.deleting()) {
        return;
      }
      List<Pod> owned = runtime.podsOwnedBy(job.uid());
      int succeeded = count(owned, p -> "Succeeded".equals(Pods.phase(p)));
      int failed = count(owned, p -> "Failed".equals(Pods.phase(p)));
      int parallelism = job.spec().path("parallelism").asInt(1);
      JsonNode completionsNode = job.spec().path("completions");
      int completions = completionsNode.isInt() ? completionsNode.asInt() : Math.max(1, parallelism);
      boolean complete = completionsNode.isInt() ? succeeded >= completions : succeeded > 0;
      boolean suspended = job.spec().path("suspend").asBoolean(false);
      int wanted = complete || suspended ? 0 : Math.min(parallelism, completions - succeeded);
      List<Pod> active = converge(job, wanted, Map.of("batch.kubernetes.io/job-name", job.name(),
          "job-name", job.name()), List.of());
      ObjectNode status = runtime.json.createObjectNode();
      status.put("active", active.size());
      status.put("ready", count(active, Pods::ready));
      status.put("succeeded", succeeded);
      status.put("failed", failed);
      status.put("startTime", job.status().path("startTime").asText(Pods.created(job.object()).toString()));
      if (complete) {
        String done = job.status().path("completionTime").asText(Instant.now().toString());
        status.put("completionTime", done);
        ObjectNode condition = status.putArray("conditions").addObject();
        condition.put("type", "Complete").put("status", "True").put("lastTransitionTime", done);
      }
      runtime.writeStatus(job, status);
    });
  }

  /**
   * Brings the number of live pods owned by {@code owner} to {@code wanted}: starts creating the
   * missing ones from the template (with {@code labels} added), in batches that double from one
   * pass to the next and start again from one after a refusal, or starts deleting the surplus in
   * deletion order. Nothing is deleted while creations are under way. Returns the live pods.
   */
  private List<Pod> converge(Workload owner, int wanted, Map<String, String> labels, List<Pod> alreadyGone) {
    // In-flight work is read before the listing: a create that finishes in between is then counted
    // twice (the next pass corrects it) instead of not at all, which made one pod too many; a delete
    // that finishes in between is out of the listing instead of counted live.
    int inFlight = runtime.creatingFor(owner.uid());
    java.util.function.Predicate<Pod> live = runtime.liveAsOfNow();
    List<Pod> active = runtime.podsOwnedBy(owner.uid()).stream().filter(live)
        .filter(p -> !alreadyGone.contains(p)).toList();
    String who = owner.kind().kind() + " " + owner.namespace() + "/" + owner.name();
    if (active.size() + inFlight < wanted) {
      Instant notBefore = retryAfter.get(owner.uid());
      if (notBefore != null && Instant.now().isBefore(notBefore)) {
        runtime.wakeAt(notBefore);
        return active;
      }
      int batch = Math.min(wanted - active.size() - inFlight, batches.getOrDefault(owner.uid(), 1));
      batches.put(owner.uid(), Math.min(MAX_BATCH, batch * 2));
      for (int i = 0; i < batch; i++) {
        Pod pod = PodFactory.fromTemplate(owner, owner.template(), owner.name() + "-" + Pods.randomSuffix(), labels);
        runtime.startCreatingPod(pod, owner.uid(), who, () -> {
          retryAfter.put(owner.uid(), Instant.now().plusSeconds(1));
          batches.remove(owner.uid());
        });
      }
    } else if (inFlight == 0 && active.size() > wanted) {
      active.stream().sorted(BY_DELETION).limit(active.size() - wanted)
          .forEach(pod -> runtime.startDeletingPod(pod, who));
    }
    return active;
  }

  static String labelOf(Workload workload, String key) {
    Map<String, String> labels = workload.object().getMetadata().getLabels();
    return labels == null ? null : labels.get(key);
  }

  static Map<String, String> labels(Pod pod) {
    return pod.getMetadata().getLabels() == null ? Map.of() : pod.getMetadata().getLabels();
  }

  static int count(List<Pod> pods, java.util.function.Predicate<Pod> predicate) {
    return (int) pods.stream().filter(predicate).count();
  }

  static String selectorString(JsonNode selector) {
    List<String> parts = new ArrayList<>();
    selector.path("matchLabels").fields().forEachRemaining(e -> parts.add(e.getKey() + "=" + e.getValue().asText()));
    return String.join(",", parts);
  }
}
