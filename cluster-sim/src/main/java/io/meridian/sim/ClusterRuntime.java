package io.meridian.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.MutatingWebhookConfiguration;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The inside of one simulated cluster: the simulation's own client (straight to the API server,
 * never through the cuttable proxy), the informer-fed caches, the writes every controller uses, and
 * the single loop that runs the controllers, the scheduler and the kubelet whenever something
 * changed (or every resync period).
 */
final class ClusterRuntime implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ClusterRuntime.class);
  static final List<ResourceKind> WORKLOAD_KINDS = List.of(ResourceKinds.DEPLOYMENT, ResourceKinds.REPLICA_SET,
      ResourceKinds.STATEFUL_SET, ResourceKinds.JOB, ResourceKinds.CLONE_SET,
      ResourceKinds.ADVANCED_STATEFUL_SET_BETA, ResourceKinds.ADVANCED_STATEFUL_SET_ALPHA);

  final String name;
  final KubernetesClient client;
  final SimOptions options;
  final ObjectMapper json = Serialization.jsonMapper();
  final ObjectCache<Pod> pods = new ObjectCache<>(this::signal);
  final ObjectCache<Node> nodes = new ObjectCache<>(this::signal);
  final ObjectCache<Namespace> namespaces = new ObjectCache<>(this::signal);
  final ObjectCache<MutatingWebhookConfiguration> mutating = new ObjectCache<>(() -> { });
  final ObjectCache<ValidatingWebhookConfiguration> validating = new ObjectCache<>(() -> { });
  final Map<ResourceKind, ObjectCache<GenericKubernetesResource>> workloads = new LinkedHashMap<>();
  final Admission admission;
  final Faults faults;
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
  private final List<Runnable> passes = new ArrayList<>();
  private final Deque<String> events = new ArrayDeque<>();
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private boolean dirty = true;
  private volatile boolean pollsWhenIdle = true;
  private final AtomicLong rounds = new AtomicLong();
  private Instant wakeAt;
  private volatile boolean running = true;
  private final Thread loop;
  private final ExecutorService writers;
  private final Map<String, Integer> creating = new ConcurrentHashMap<>();
  private final Set<String> creatingNames = ConcurrentHashMap.newKeySet();
  private final Set<String> deleting = ConcurrentHashMap.newKeySet();
  private final Map<String, Instant> deleteRefusedUntil = new ConcurrentHashMap<>();
  private final ExecutorService patchers;
  private final Map<String, String> patching = new ConcurrentHashMap<>();

  ClusterRuntime(String name, KubernetesClient client, SimOptions options, Faults faults) {
    this.name = name;
    this.client = client;
    this.options = options;
    this.faults = faults;
    this.admission = new Admission(mutating::list, validating::list, this::namespaceLabels, faults::unreachable);
    WORKLOAD_KINDS.forEach(kind -> workloads.put(kind, new ObjectCache<>(this::signal)));
    this.loop = new Thread(this::run, "sim-" + name);
    loop.setDaemon(true);
    AtomicInteger writerCount = new AtomicInteger();
    this.writers = Executors.newFixedThreadPool(8, task -> {
      Thread writer = new Thread(task, "sim-" + name + "-writer-" + writerCount.incrementAndGet());
      writer.setDaemon(true);
      return writer;
    });
    this.patchers = Executors.newFixedThreadPool(4, task -> {
      Thread patcher = new Thread(task, "sim-" + name + "-patcher-" + writerCount.incrementAndGet());
      patcher.setDaemon(true);
      return patcher;
    });
  }

  void start(List<Runnable> controllerPasses) {
    start(controllerPasses, true);
  }

  /**
   * Starts the informers and the loop of {@code controllerPasses}. Without {@code watchWorkloads} the workload caches
   * stay empty: nothing reads them when no workload controller or garbage collector runs, and each watch costs the
   * server a copy of every workload event. Nor does the loop then look again every {@link SimOptions#resync()}: what
   * is left (the nodes' faults) changes only with the caches it reads and the faults, which wake it, and a pass that
   * failed asks for its retry ({@link #wakeAt}); a hundred idle members' loops polling twice a second were about four
   * context switches per rebalanced workload (docs/benchmarks.md, Issue 4, session 37).
   */
  void start(List<Runnable> controllerPasses, boolean watchWorkloads) {
    passes.addAll(controllerPasses);
    pollsWhenIdle = watchWorkloads;
    List<CompletableFuture<Void>> started = new ArrayList<>();
    started.add(inform(client.pods().inAnyNamespace().runnableInformer(0), pods));
    started.add(inform(client.nodes().runnableInformer(0), nodes));
    started.add(inform(client.namespaces().runnableInformer(0), namespaces));
    started.add(inform(client.admissionRegistration().v1().mutatingWebhookConfigurations().runnableInformer(0),
        mutating));
    started.add(inform(client.admissionRegistration().v1().validatingWebhookConfigurations().runnableInformer(0),
        validating));
    if (watchWorkloads) {
      workloads.forEach((kind, cache) -> started.add(
          inform(client.genericKubernetesResources(kind.context()).inAnyNamespace().runnableInformer(0), cache)));
    }
    CompletableFuture.allOf(started.toArray(CompletableFuture[]::new)).join();
    loop.start();
  }

  private <T extends HasMetadata> CompletableFuture<Void> inform(SharedIndexInformer<T> informer,
      ObjectCache<T> cache) {
    informer.addEventHandler(cache);
    informers.add(informer);
    return informer.start().toCompletableFuture();
  }

  /** How many times the loop has run its passes. */
  long rounds() {
    return rounds.get();
  }

  void signal() {
    lock.lock();
    try {
      dirty = true;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Asks for a pass no later than {@code when}. */
  void wakeAt(Instant when) {
    lock.lock();
    try {
      if (wakeAt == null || when.isBefore(wakeAt)) {
        wakeAt = when;
        changed.signalAll();
      }
    } finally {
      lock.unlock();
    }
  }

  private void run() {
    while (running) {
      lock.lock();
      try {
        long wait = pollsWhenIdle ? options.resync().toMillis() : Long.MAX_VALUE;
        if (wakeAt != null) {
          wait = Math.min(wait, Math.max(0, wakeAt.toEpochMilli() - System.currentTimeMillis()));
        }
        if (!dirty && wait > 0) {
          changed.await(wait, TimeUnit.MILLISECONDS);
        }
        dirty = false;
        if (wakeAt != null && !wakeAt.isAfter(Instant.now())) {
          wakeAt = null;
        }
      } catch (InterruptedException e) {
        return;
      } finally {
        lock.unlock();
      }
      if (!running) {
        return;
      }
      rounds.incrementAndGet();
      for (Runnable pass : passes) {
        try {
          pass.run();
        } catch (RuntimeException e) {
          if (running) {
            LOG.debug("cluster {}: a simulation pass failed: {}", name, e.toString());
            signal();
          }
        }
      }
      pause(20);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- what controllers read

  /**
   * Runs {@code action} on each item; one item's failure (a write the server refused, a webhook
   * error) is logged and retried on a later pass without holding up the others.
   */
  <T> void each(List<T> items, java.util.function.Consumer<T> action) {
    for (T item : items) {
      try {
        action.accept(item);
      } catch (RuntimeException e) {
        if (!running) {
          return;
        }
        LOG.debug("cluster {}: {} failed, will retry: {}", name, describe(item), e.toString());
        wakeAt(Instant.now().plusMillis(200));
      }
    }
  }

  private static String describe(Object item) {
    if (item instanceof Workload w) {
      return w.kind().kind() + " " + w.namespace() + "/" + w.name();
    }
    if (item instanceof HasMetadata m) {
      return m.getKind() + " " + m.getMetadata().getNamespace() + "/" + m.getMetadata().getName();
    }
    return String.valueOf(item);
  }

  List<Workload> workloads(ResourceKind kind) {
    return workloads.get(kind).list().stream().map(o -> Workload.of(kind, o)).toList();
  }

  List<Pod> podsOwnedBy(String uid) {
    return pods.list().stream().filter(p -> Pods.ownedBy(p, uid)).toList();
  }

  Map<String, String> namespaceLabels(String namespace) {
    Namespace ns = namespaces.get(null, namespace);
    Map<String, String> labels = new LinkedHashMap<>();
    if (ns != null && ns.getMetadata().getLabels() != null) {
      labels.putAll(ns.getMetadata().getLabels());
    }
    labels.putIfAbsent("kubernetes.io/metadata.name", namespace);
    return labels;
  }

  void event(String message) {
    synchronized (events) {
      events.addLast(Instant.now() + " " + message);
      while (events.size() > 500) {
        events.removeFirst();
      }
    }
    LOG.debug("cluster {}: {}", name, message);
  }

  List<String> events() {
    synchronized (events) {
      return new ArrayList<>(events);
    }
  }

  // ---- writes

  /**
   * Starts creating a pod off the loop, as a controller's concurrent creates do (admission may wait
   * for a slow webhook). {@code onRefused} runs when admission or the server refuses it. Returns
   * false when a pod of that name is already on its way.
   */
  boolean startCreatingPod(Pod pod, String ownerUid, String who, Runnable onRefused) {
    String key = pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
    if (!creatingNames.add(key)) {
      return false;
    }
    creating.merge(ownerUid, 1, Integer::sum);
    writers.execute(() -> {
      try {
        if (createPod(pod, who) == null) {
          onRefused.run();
        }
      } catch (RuntimeException e) {
        event("FailedCreate " + who + ": " + e.getMessage());
        onRefused.run();
      } finally {
        creating.computeIfPresent(ownerUid, (uid, count) -> count > 1 ? count - 1 : null);
        creatingNames.remove(key);
        signal();
      }
    });
    return true;
  }

  /** Pods of this owner whose creation is under way. */
  int creatingFor(String ownerUid) {
    return creating.getOrDefault(ownerUid, 0);
  }

  boolean isCreating(String namespace, String podName) {
    return creatingNames.contains(namespace + "/" + podName);
  }

  /**
   * Starts deleting a pod off the loop (validating webhooks first). Until it is gone it is no longer
   * {@link #live}; a refused delete is not tried again for a second.
   */
  void startDeletingPod(Pod pod, String why) {
    String uid = pod.getMetadata().getUid();
    Instant refused = deleteRefusedUntil.get(uid);
    if (refused != null && Instant.now().isBefore(refused)) {
      wakeAt(refused);
      return;
    }
    if (!deleting.add(uid)) {
      return;
    }
    writers.execute(() -> {
      try {
        if (!deletePod(pod, why)) {
          deleteRefusedUntil.put(uid, Instant.now().plusSeconds(1));
        }
      } catch (RuntimeException e) {
        event("FailedDelete " + why + ": pods \"" + pod.getMetadata().getName() + "\": " + e.getMessage());
      } finally {
        deleting.remove(uid);
        signal();
      }
    });
  }

  /**
   * {@link #live} as of now, for a listing taken after this call: a delete finishing in between is
   * then out of the listing already instead of counted live.
   */
  java.util.function.Predicate<Pod> liveAsOfNow() {
    Set<String> leaving = Set.copyOf(deleting);
    return pod -> Pods.active(pod) && !leaving.contains(pod.getMetadata().getUid());
  }

  /** Active and not on its way out. */
  boolean live(Pod pod) {
    return Pods.active(pod) && !deleting.contains(pod.getMetadata().getUid());
  }

  boolean beingDeleted(Pod pod) {
    return deleting.contains(pod.getMetadata().getUid());
  }

  /** Creates a pod the way a controller does: admission first; null when refused (recorded as an event). */
  Pod createPod(Pod pod, String ownerDescription) {
    ensureNamespace(pod.getMetadata().getNamespace());
    Admission.Outcome outcome = admission.admit(new Admission.Request(ResourceKinds.POD, null, "CREATE",
        pod.getMetadata().getNamespace(), pod.getMetadata().getName(), json.valueToTree(pod), null));
    if (!outcome.allowed()) {
      event("FailedCreate " + ownerDescription + ": Error creating: pods \"" + pod.getMetadata().getName()
          + "\" is forbidden: " + outcome.message());
      return null;
    }
    Pod admitted = json.convertValue(outcome.object(), Pod.class);
    Pod created = client.pods().inNamespace(admitted.getMetadata().getNamespace()).resource(admitted).create();
    pods.put(created);
    return created;
  }

  /**
   * Admission of a pod's removal: a DELETE (subResource null, the pod as oldObject) or a CREATE of
   * the {@code eviction} sub-resource (an Eviction as object).
   */
  Admission.Outcome admitPodRemoval(String namespace, String podName, String subResource, JsonNode pod) {
    if (subResource == null) {
      return admission.admit(new Admission.Request(ResourceKinds.POD, null, "DELETE", namespace, podName, null, pod));
    }
    ObjectNode eviction = json.createObjectNode();
    eviction.put("apiVersion", "policy/v1").put("kind", "Eviction");
    eviction.putObject("metadata").put("name", podName).put("namespace", namespace);
    return admission.admit(new Admission.Request(ResourceKinds.POD, subResource, "CREATE", namespace, podName,
        eviction, null));
  }

  /** Deletes a pod the way a controller does: validating webhooks for DELETE first; false when refused. */
  boolean deletePod(Pod pod, String why) {
    Admission.Outcome outcome = admitPodRemoval(pod.getMetadata().getNamespace(), pod.getMetadata().getName(), null,
        json.valueToTree(pod));
    if (!outcome.allowed()) {
      event("FailedDelete " + why + ": pods \"" + pod.getMetadata().getName() + "\" : " + outcome.message());
      return false;
    }
    client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName()).delete();
    pods.remove(pod);
    deleteRefusedUntil.remove(pod.getMetadata().getUid());
    return true;
  }

  /** A copy of the object's status to edit (empty when it has none yet). */
  ObjectNode statusOf(HasMetadata object) {
    JsonNode status = json.valueToTree(object).path("status");
    return status.isObject() ? (ObjectNode) status : json.createObjectNode();
  }

  /**
   * Starts an RFC 6902 patch of a pod off the loop (the scheduler's bindings, the kubelet's status
   * reports); until it is done the pod is in {@link #patchesUnderWay}. {@code node} names the node a binding
   * puts the pod on (null for other patches), so the scheduler counts the slot as taken.
   */
  void startPatchingPod(Pod pod, ArrayNode operations, String node) {
    String uid = pod.getMetadata().getUid();
    if (patching.putIfAbsent(uid, node == null ? "" : node) != null) {
      return;
    }
    patchers.execute(() -> {
      try {
        patchPod(pod, operations);
      } catch (RuntimeException e) {
        LOG.debug("cluster {}: patching pod {} failed: {}", name, pod.getMetadata().getName(), e.toString());
      } finally {
        patching.remove(uid);
        signal();
      }
    });
  }

  /**
   * The pods being patched now, by uid, with the node a binding puts each on ({@code ""} for other patches). A
   * finished patch is in the pod cache before it leaves this map, so a copy taken before a listing of the cache
   * misses none: a pod of the listing that is in the copy is being patched (whatever the listing shows of it), and
   * one that is not has its last patch in the listing. Reading the live map after the listing instead would take a
   * patch that finished in between for none at all, and the listing's stale copy would be patched again.
   */
  Map<String, String> patchesUnderWay() {
    return Map.copyOf(patching);
  }

  /** RFC 6902 patch of a pod (spec and status alike: pods have no status sub-resource in the mock). */
  void patchPod(Pod pod, ArrayNode operations) {
    Pod patched = client.pods().inNamespace(pod.getMetadata().getNamespace()).resource(pod)
        .patch(PatchContext.of(PatchType.JSON), operations.toString());
    if (patched != null) {
      pods.put(patched);
    }
  }

  void patchNode(Node node, ArrayNode operations) {
    Node patched = client.nodes().resource(node).patch(PatchContext.of(PatchType.JSON), operations.toString());
    if (patched != null) {
      nodes.put(patched);
    }
  }

  Resource<GenericKubernetesResource> resource(ResourceKind kind, String namespace, String objectName) {
    var operation = client.genericKubernetesResources(kind.context());
    return kind.namespaced() ? operation.inNamespace(namespace).withName(objectName) : operation.withName(objectName);
  }

  /** The object itself as the target of a write (no read of the current state first). */
  Resource<GenericKubernetesResource> resource(ResourceKind kind, GenericKubernetesResource object) {
    var operation = client.genericKubernetesResources(kind.context());
    return kind.namespaced() ? operation.inNamespace(object.getMetadata().getNamespace()).resource(object)
        : operation.resource(object);
  }

  GenericKubernetesResource createWorkload(ResourceKind kind, GenericKubernetesResource object) {
    GenericKubernetesResource created = client.genericKubernetesResources(kind.context())
        .inNamespace(object.getMetadata().getNamespace()).resource(object).create();
    workloads.get(kind).put(created);
    return created;
  }

  void setReplicas(Workload workload, int replicas) {
    ArrayNode patch = json.createArrayNode();
    patch.addObject().put("op", "add").put("path", "/spec/replicas").put("value", replicas);
    GenericKubernetesResource patched = resource(workload.kind(), workload.object())
        .patch(PatchContext.of(PatchType.JSON), patch.toString());
    workloads.get(workload.kind()).put(patched);
  }

  /** Replaces the status of a workload when it differs from the given one. */
  void writeStatus(Workload workload, JsonNode status) {
    if (normalised(status).equals(normalised(workload.status()))) {
      return;
    }
    ArrayNode patch = json.createArrayNode();
    patch.addObject().put("op", "add").put("path", "/status").set("value", status);
    try {
      GenericKubernetesResource patched = resource(workload.kind(), workload.object())
          .subresource("status").patch(PatchContext.of(PatchType.JSON), patch.toString());
      workloads.get(workload.kind()).put(patched);
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
    }
  }

  /** The same JSON with numbers as a parser reads them (an int stays an int, whatever node built it). */
  private JsonNode normalised(JsonNode node) {
    try {
      return json.readTree(node.toString());
    } catch (java.io.IOException e) {
      return node;
    }
  }

  void deleteObject(ResourceKind kind, HasMetadata object) {
    resource(kind, object.getMetadata().getNamespace(), object.getMetadata().getName()).delete();
    if (workloads.containsKey(kind)) {
      workloads.get(kind).remove((GenericKubernetesResource) object);
    }
  }

  void ensureNamespace(String namespace) {
    if (namespace == null || namespaces.get(null, namespace) != null) {
      return;
    }
    if (client.namespaces().withName(namespace).get() == null) {
      try {
        namespaces.put(client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace)
            .addToLabels("kubernetes.io/metadata.name", namespace).endMetadata().build()).create());
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409) {
          throw e;
        }
      }
    }
  }

  @Override
  public void close() {
    running = false;
    writers.shutdownNow();
    patchers.shutdownNow();
    signal();
    informers.forEach(SharedIndexInformer::close);
    try {
      loop.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
