package io.meridian.sim;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every node's kubelet at once: a pod bound to a Ready node becomes Running and Ready
 * {@link SimOptions#readyDelay()} after it was bound; a pod on a node that is not Ready turns
 * not-ready (and back when the node recovers). A pod whose template carries the annotation
 * {@value #RUN_FOR} (e.g. {@code 3s}) succeeds that long after it started, which is how Job pods
 * finish; one with {@value #READY_AFTER} becomes Ready that long after it was bound instead of after
 * the default delay (an application slow to start).
 */
final class Kubelet {

  static final String RUN_FOR = "sim.meridian.io/run-for";
  static final String READY_AFTER = "sim.meridian.io/ready-after";
  private final ClusterRuntime runtime;
  private final Scheduler scheduler;
  private final AtomicInteger podIps = new AtomicInteger();

  Kubelet(ClusterRuntime runtime, Scheduler scheduler) {
    this.runtime = runtime;
    this.scheduler = scheduler;
  }

  void run() {
    Instant now = Instant.now();
    Map<String, String> patching = runtime.patchesUnderWay();
    runtime.each(runtime.pods.list(), pod -> {
      if (!Pods.scheduled(pod) || !Pods.active(pod) || patching.containsKey(pod.getMetadata().getUid())) {
        return;
      }
      Node node = runtime.nodes.get(null, pod.getSpec().getNodeName());
      boolean nodeReady = node != null && Scheduler.nodeReady(node);
      String phase = Pods.phase(pod);
      if ("Pending".equals(phase)) {
        Duration readyAfter = duration(pod, READY_AFTER);
        Instant due = boundAt(pod).plus(readyAfter == null ? runtime.options.readyDelay() : readyAfter);
        if (!nodeReady) {
          return;
        }
        if (now.isBefore(due)) {
          runtime.wakeAt(due);
          return;
        }
        start(pod, node, now);
      } else if ("Running".equals(phase)) {
        Duration runFor = duration(pod, RUN_FOR);
        if (runFor != null && pod.getStatus().getStartTime() != null
            && now.isAfter(Instant.parse(pod.getStatus().getStartTime()).plus(runFor))) {
          finish(pod, now);
        } else if (Pods.ready(pod) != nodeReady) {
          setReady(pod, nodeReady, now);
        }
      }
    });
  }

  private Instant boundAt(Pod pod) {
    Instant bound = scheduler.boundAt.get(pod.getMetadata().getUid());
    if (bound != null) {
      return bound;
    }
    PodCondition scheduled = Pods.condition(pod, "PodScheduled");
    try {
      return scheduled != null && scheduled.getLastTransitionTime() != null
          ? Instant.parse(scheduled.getLastTransitionTime()) : Pods.created(pod);
    } catch (RuntimeException e) {
      return Pods.created(pod);
    }
  }

  /** The annotation's duration ({@code 3s}, {@code 1.5}, {@code 500ms}); null when absent or unreadable. */
  private static Duration duration(Pod pod, String annotation) {
    Map<String, String> annotations = pod.getMetadata().getAnnotations();
    String value = annotations == null ? null : annotations.get(annotation);
    if (value == null) {
      return null;
    }
    try {
      String v = value.trim();
      if (v.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
      }
      return Duration.ofMillis((long) (Double.parseDouble(v.endsWith("s") ? v.substring(0, v.length() - 1) : v) * 1000));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private void start(Pod pod, Node node, Instant now) {
    scheduler.boundAt.remove(pod.getMetadata().getUid());
    ObjectNode status = runtime.statusOf(pod);
    status.put("phase", "Running");
    status.put("startTime", now.toString());
    String hostIp = node.getStatus() != null && node.getStatus().getAddresses() != null
        && !node.getStatus().getAddresses().isEmpty() ? node.getStatus().getAddresses().get(0).getAddress() : "10.0.0.1";
    status.put("hostIP", hostIp);
    int ip = podIps.incrementAndGet();
    status.put("podIP", "10.244." + (ip / 250 % 250) + "." + (ip % 250 + 1));
    for (String type : new String[] {"Initialized", "ContainersReady", "Ready"}) {
      status.set("conditions", Scheduler.withCondition(status, type, "True", null, null, now));
    }
    ArrayNode containers = status.putArray("containerStatuses");
    if (pod.getSpec().getContainers() != null) {
      for (Container container : pod.getSpec().getContainers()) {
        ObjectNode cs = containers.addObject();
        cs.put("name", container.getName()).put("image", String.valueOf(container.getImage()))
            .put("ready", true).put("started", true).put("restartCount", 0);
        cs.putObject("state").putObject("running").put("startedAt", now.toString());
      }
    }
    write(pod, status);
  }

  private void setReady(Pod pod, boolean ready, Instant now) {
    ObjectNode status = runtime.statusOf(pod);
    String value = ready ? "True" : "False";
    String reason = ready ? null : "NodeNotReady";
    status.set("conditions", Scheduler.withCondition(status, "ContainersReady", value, reason, null, now));
    status.set("conditions", Scheduler.withCondition(status, "Ready", value, reason, null, now));
    status.path("containerStatuses").forEach(cs -> ((ObjectNode) cs).put("ready", ready));
    write(pod, status);
  }

  private void finish(Pod pod, Instant now) {
    ObjectNode status = runtime.statusOf(pod);
    status.put("phase", "Succeeded");
    status.set("conditions", Scheduler.withCondition(status, "Ready", "False", "PodCompleted", null, now));
    status.path("containerStatuses").forEach(cs -> {
      ((ObjectNode) cs).put("ready", false);
      ObjectNode state = ((ObjectNode) cs).putObject("state");
      state.putObject("terminated").put("exitCode", 0).put("reason", "Completed").put("finishedAt", now.toString());
    });
    write(pod, status);
  }

  private void write(Pod pod, ObjectNode status) {
    ArrayNode patch = runtime.json.createArrayNode();
    patch.addObject().put("op", "add").put("path", "/status").set("value", status);
    runtime.startPatchingPod(pod, patch, null);
  }
}
