package io.meridian.command.admission;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.ws.api.AdmissionOutcome;
import io.meridian.command.ws.api.AdmitPods;
import io.meridian.command.ws.api.PodToAdmit;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.beans.factory.DisposableBean;

/**
 * Micro-batching of pod CREATEs per spread, in two stages that overlap. The barrier stage takes the CREATEs
 * that arrived and runs one read barrier for them (it started after they arrived, so once it passed, the
 * cluster events published before them are applied); meanwhile the command stage sends the CREATEs whose
 * barrier passed as one {@link AdmitPods}, in arrival order, reading their workload objects only then. So a
 * batch's barrier runs while the previous batch is decided and committed, not after it. Each future completes
 * only after the command's events are committed. A batch that loses an append race to another instance
 * (unique sequence number) is retried on fresh state. A pod that must be decided on caught-up state (see
 * {@link #submit(String, PodToAdmit, boolean)}) is refused when its barrier gave up instead.
 */
public class AdmissionBatcher implements DisposableBean {
    private static final Logger log = LoggerFactory.getLogger(AdmissionBatcher.class);
    private static final int MAX_ATTEMPTS = 5;

    /** One queued CREATE; {@code needsCaughtUp}: refused rather than decided when its barrier gives up. */
    public record Pending(PodToAdmit pod, CompletableFuture<AdmissionOutcome> answer, boolean needsCaughtUp) {
    }

    /** Reads, for a pod of a cluster, the workload objects its decision needs (its owner chain). */
    public interface WorkloadObjects {
        List<JsonNode> of(String cluster, JsonNode pod);
    }

    /** Runs with a batch's workload objects just before the batch is decided (e.g. {@link LiveTargetSync}). */
    public interface BeforeDecision {
        BeforeDecision NONE = (aggregateId, objects) -> { };

        void run(String aggregateId, List<JsonNode> objects);
    }

    /** Reads the latest pod version of a spread's target as a sync would now (null: unknown). */
    public interface LatestVersion {
        String of(String aggregateId);
    }

    private static final class Queue {
        /** Arrived, waiting for a barrier that starts after them. */
        final ConcurrentLinkedQueue<Pending> arrived = new ConcurrentLinkedQueue<>();
        /** Their barrier passed: ready to be decided. */
        final ConcurrentLinkedQueue<Pending> covered = new ConcurrentLinkedQueue<>();
        final AtomicBoolean barrierRunning = new AtomicBoolean();
        final AtomicBoolean commandRunning = new AtomicBoolean();
    }

    private final CommandGateway commands;
    private final BooleanSupplier barrier;
    private final WorkloadObjects objects;
    private final LatestVersion latestVersion;
    private final Clock clock;
    private final int maxBatch;
    private final Map<String, Queue> queues = new ConcurrentHashMap<>();
    private final ExecutorService executor;
    private final AtomicInteger lastBatchSize = new AtomicInteger();
    private final BatchMetrics metrics;
    private volatile BeforeDecision beforeDecision = BeforeDecision.NONE;

    /**
     * @param barrier waits until the cluster events published so far are applied, false when it gave up first; run
     *                for the pods that arrived before it started, before their workload objects are read
     */
    public AdmissionBatcher(CommandGateway commands, Clock clock, int maxBatch, int threads, BooleanSupplier barrier,
                            WorkloadObjects objects) {
        this(commands, clock, maxBatch, threads, barrier, objects, aggregateId -> null);
    }

    /** @param latestVersion read with the workload objects, after the barrier */
    public AdmissionBatcher(CommandGateway commands, Clock clock, int maxBatch, int threads, BooleanSupplier barrier,
                            WorkloadObjects objects, LatestVersion latestVersion) {
        this(commands, clock, maxBatch, threads, barrier, objects, latestVersion, BatchMetrics.NONE);
    }

    /** @param metrics where a batch's time goes: the barrier, and deciding plus committing */
    public AdmissionBatcher(CommandGateway commands, Clock clock, int maxBatch, int threads, BooleanSupplier barrier,
                            WorkloadObjects objects, LatestVersion latestVersion, BatchMetrics metrics) {
        this.metrics = metrics;
        this.commands = commands;
        this.barrier = barrier;
        this.objects = objects;
        this.latestVersion = latestVersion;
        this.clock = clock;
        this.maxBatch = maxBatch;
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "admission-batch-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** What runs with each batch's workload objects before it is decided. */
    public AdmissionBatcher beforeDecision(BeforeDecision hook) {
        this.beforeDecision = hook;
        return this;
    }

    public CompletableFuture<AdmissionOutcome> submit(String aggregateId, PodToAdmit pod) {
        return submit(aggregateId, pod, false);
    }

    /**
     * @param needsCaughtUp the decision depends on reported state that may lag (a percentage spread whose workload the
     *                      gateway cannot read live): refused, to be created again, when the barrier gives up
     */
    public CompletableFuture<AdmissionOutcome> submit(String aggregateId, PodToAdmit pod, boolean needsCaughtUp) {
        Pending pending = new Pending(pod, new CompletableFuture<>(), needsCaughtUp);
        Queue queue = queues.computeIfAbsent(aggregateId, id -> new Queue());
        queue.arrived.add(pending);
        startIfIdle(queue.barrierRunning, () -> barriers(aggregateId, queue));
        return pending.answer();
    }

    private void startIfIdle(AtomicBoolean running, Runnable stage) {
        if (running.compareAndSet(false, true)) {
            executor.execute(stage);
        }
    }

    /** The barrier stage: one barrier for everything that arrived, again while more arrives. */
    private void barriers(String aggregateId, Queue queue) {
        while (true) {
            List<Pending> group = take(queue.arrived, Integer.MAX_VALUE);
            if (group.isEmpty()) {
                if (stopped(queue.barrierRunning, queue.arrived)) {
                    return;
                }
                continue;
            }
            long started = System.nanoTime();
            boolean caughtUp;
            try {
                caughtUp = barrier.getAsBoolean();
            } catch (RuntimeException e) {
                fail(aggregateId, group, e);
                continue;
            }
            metrics.barrier(System.nanoTime() - started);
            for (Pending pending : group) {
                if (pending.needsCaughtUp() && !caughtUp) {
                    pending.answer().complete(notCaughtUp(aggregateId, pending.pod()));
                } else {
                    queue.covered.add(pending);
                }
            }
            startIfIdle(queue.commandRunning, () -> commands(aggregateId, queue));
        }
    }

    /** The command stage: what passed its barrier, in batches of at most maxBatch. */
    private void commands(String aggregateId, Queue queue) {
        while (true) {
            List<Pending> batch = take(queue.covered, maxBatch);
            if (batch.isEmpty()) {
                if (stopped(queue.commandRunning, queue.covered)) {
                    return;
                }
                continue;
            }
            send(aggregateId, batch);
        }
    }

    private static List<Pending> take(ConcurrentLinkedQueue<Pending> from, int most) {
        List<Pending> out = new ArrayList<>();
        Pending next;
        while (out.size() < most && (next = from.poll()) != null) {
            out.add(next);
        }
        return out;
    }

    /** Marks a stage idle; false when work came in meanwhile and this thread took the stage back. */
    private static boolean stopped(AtomicBoolean running, ConcurrentLinkedQueue<Pending> work) {
        running.set(false);
        return work.isEmpty() || !running.compareAndSet(false, true);
    }

    private void send(String aggregateId, List<Pending> batch) {
        lastBatchSize.set(batch.size());
        MDC.put("aggregate", aggregateId);
        try {
            long started = System.nanoTime();
            List<AdmissionOutcome> outcomes = withRetry(() -> {
                List<JsonNode> workloadObjects = workloadObjects(aggregateId, batch);
                beforeDecision.run(aggregateId, workloadObjects);
                return commands.sendAndWait(new AdmitPods(aggregateId, batch.stream().map(Pending::pod).toList(),
                        workloadObjects, clock.instant(), false, latestVersion.of(aggregateId)));
            });
            metrics.batch(batch.size(), System.nanoTime() - started);
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).answer().complete(outcomes.get(i));
            }
        } catch (RuntimeException e) {
            fail(aggregateId, batch, e);
        } finally {
            MDC.remove("aggregate");
        }
    }

    private static void fail(String aggregateId, List<Pending> pods, RuntimeException e) {
        log.warn("admission batch of {} pod(s) for {} failed: {}", pods.size(), aggregateId, e.toString());
        pods.forEach(p -> p.answer().completeExceptionally(e));
    }

    /**
     * The answer for a pod that needs caught-up state when the barrier gave up: refused with 503 (nothing is
     * recorded), so its controller creates it again.
     */
    private static AdmissionOutcome notCaughtUp(String aggregateId, PodToAdmit pod) {
        return new AdmissionOutcome(pod.decisionId(), AdmissionOutcome.DENY, null, null, aggregateId
                + ": uses percentages, the workload cannot be read live from its cluster and the reported cluster"
                + " state did not catch up in time; create the pod again", 503);
    }

    /** Decides a CREATE without recording it: not batched, nothing is reserved. */
    public AdmissionOutcome dryRun(String aggregateId, PodToAdmit pod) {
        return dryRun(aggregateId, pod, false);
    }

    public AdmissionOutcome dryRun(String aggregateId, PodToAdmit pod, boolean needsCaughtUp) {
        if (!barrier.getAsBoolean() && needsCaughtUp) {
            return notCaughtUp(aggregateId, pod);
        }
        List<JsonNode> workloadObjects = workloadObjects(aggregateId, List.of(new Pending(pod, null, false)));
        beforeDecision.run(aggregateId, workloadObjects);
        List<AdmissionOutcome> outcomes = commands.sendAndWait(new AdmitPods(aggregateId, List.of(pod), workloadObjects,
                clock.instant(), true, latestVersion.of(aggregateId)));
        return outcomes.get(0);
    }

    static <T> T withRetry(Supplier<T> action) {
        for (int attempt = 1; ; attempt++) {
            try {
                return action.get();
            } catch (RuntimeException e) {
                if (attempt >= MAX_ATTEMPTS || !isConcurrencyConflict(e)) {
                    throw e;
                }
                log.info("append conflict, retrying (attempt {}): {}", attempt, e.getMessage());
            }
        }
    }

    private static boolean isConcurrencyConflict(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConcurrencyException) {
                return true;
            }
        }
        return false;
    }

    private static String clusterOf(String aggregateId) {
        return aggregateId.substring(0, aggregateId.indexOf('/'));
    }

    /**
     * The workload objects the batch's pods read, one per kind and name, read now (after the barrier); where
     * the gateway sent a pod's owners read live, the newer version of each object. Pods of one controller share
     * its chain: it is read once per batch (the same moment for all of them, after all their barriers).
     */
    private List<JsonNode> workloadObjects(String aggregateId, List<Pending> batch) {
        Map<String, JsonNode> byKey = new LinkedHashMap<>();
        String cluster = clusterOf(aggregateId);
        Map<String, List<JsonNode>> chains = new HashMap<>();
        Set<List<JsonNode>> merged = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Pending p : batch) {
            JsonNode pod = p.pod().pod();
            String controller = controllerKey(pod);
            List<JsonNode> chain = controller == null ? objects.of(cluster, pod)
                    : chains.computeIfAbsent(controller, key -> objects.of(cluster, pod));
            if (p.pod().liveOwners() == null && !merged.add(chain)) {
                continue;
            }
            for (JsonNode o : LiveOwners.plusLive(chain, p.pod().liveOwners())) {
                byKey.merge(LiveOwners.key(o), o, LiveOwners::newer);
            }
        }
        return List.copyOf(byKey.values());
    }

    /** The pod's namespace and controller (kind and name), which its owner chain depends on; null without one. */
    private static String controllerKey(JsonNode pod) {
        JsonNode controller = ClusterState.controllerOf(pod);
        if (controller == null) {
            return null;
        }
        return pod.path("metadata").path("namespace").asText("") + "/" + controller.path("kind").asText("") + "/"
                + controller.path("name").asText("");
    }

    public int lastBatchSize() {
        return lastBatchSize.get();
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }
}
