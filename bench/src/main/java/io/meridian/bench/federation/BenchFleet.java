package io.meridian.bench.federation;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.meridian.sim.ClusterSpec;
import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedCluster;
import io.meridian.sim.ZoneSpec;
import io.meridian.standalone.StandaloneRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Meridian in this process over a host and {@code members} simulated member clusters without pods
 * ({@link SimOptions#withoutPods()}): what a federation benchmark drives. Objects are written and read
 * with each cluster's own direct client, so the benchmark's reads are not slowed by a cut-off member.
 */
public final class BenchFleet implements AutoCloseable {
    public static final String HOST = "host";
    public static final String NAMESPACE = "bench";
    static final String BINDING_LABEL = "federation.meridian.io/binding";
    static final ResourceDefinitionContext POLICIES = new ResourceDefinitionContext.Builder()
            .withGroup("policy.karmada.io").withVersion("v1alpha1").withPlural("propagationpolicies")
            .withKind("PropagationPolicy").withNamespaced(true).build();
    static final ResourceDefinitionContext REBALANCERS = new ResourceDefinitionContext.Builder()
            .withGroup("apps.karmada.io").withVersion("v1alpha1").withPlural("workloadrebalancers")
            .withKind("WorkloadRebalancer").withNamespaced(false).build();
    static final ResourceDefinitionContext DEPLOYMENTS = new ResourceDefinitionContext.Builder().withGroup("apps")
            .withVersion("v1").withPlural("deployments").withKind("Deployment").withNamespaced(true).build();

    private static final int START_ATTEMPTS = 3;
    private static final int CREATE_ATTEMPTS = 6;

    private final StandaloneRuntime runtime;
    private final ExecutorService writers = Executors.newFixedThreadPool(8);

    private BenchFleet(StandaloneRuntime runtime) {
        this.runtime = runtime;
    }

    /** Starts the host and the members, each with one zone of {@code nodes} nodes of {@code podsPerNode} slots. */
    public static BenchFleet start(int members, int nodes, int podsPerNode, Consumer<String> progress) {
        List<ClusterSpec> clusters = new ArrayList<>();
        clusters.add(new ClusterSpec(HOST, List.of(new ZoneSpec("z1", 1, 10))));
        for (int i = 0; i < members; i++) {
            clusters.add(new ClusterSpec(FleetShape.memberName(i), List.of(new ZoneSpec("z1", nodes, podsPerNode))));
        }
        StandaloneRuntime runtime = startWithRetries(clusters, progress);
        // the simulated API servers store namespaced objects without their Namespace object, as the benchmark needs
        return new BenchFleet(runtime);
    }

    /**
     * On a busy machine a simulated API server sometimes misses its own start-up timeout; the whole runtime
     * is then started again (twice at most), since a half-started fleet cannot be measured.
     */
    private static StandaloneRuntime startWithRetries(List<ClusterSpec> clusters, Consumer<String> progress) {
        for (int attempt = 1; ; attempt++) {
            try {
                return StandaloneRuntime.start(clusters, SimOptions.DEFAULTS.withoutPods(), line -> progress.accept("started " + line));
            } catch (RuntimeException e) {
                if (attempt == START_ATTEMPTS) {
                    throw e;
                }
                progress.accept("start failed (" + e.getMessage() + "); starting again");
            }
        }
    }

    /** What a benchmark measures on a started fleet whose members' copies are watched. */
    interface Measurement<T> {
        T measure(BenchFleet fleet, CopyWatch copies) throws InterruptedException;
    }

    /**
     * Starts the fleet (two nodes of 500 slots per member), watches every member's copies, measures, reports the
     * machine's speed of the moment ({@link MachineCalibration}) and stops all.
     */
    static <T> T measure(int members, Consumer<String> progress, Measurement<T> measurement) throws InterruptedException {
        try (BenchFleet fleet = start(members, 2, 500, progress)) {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < members; i++) {
                names.add(FleetShape.memberName(i));
            }
            fleet.awaitReady(names, progress);
            T result;
            try (CopyWatch copies = new CopyWatch(fleet, names)) {
                result = measurement.measure(fleet, copies);
            }
            MachineCalibration.report(fleet.runtime().postgres(), progress);
            return result;
        }
    }

    /**
     * Waits until the command-service has declared every member Ready ({@code MemberClusterReady}): templates
     * placed before a member is Ready are divided without it, and Steady mode does not move them afterwards (on a
     * loaded machine the agents' first heartbeats came after the templates).
     */
    void awaitReady(List<String> members, Consumer<String> progress) throws InterruptedException {
        java.util.Set<String> waiting = java.util.concurrent.ConcurrentHashMap.newKeySet();
        waiting.addAll(members);
        try (DomainEventTap tap = DomainEventTap.fromStart(runtime.kafkaBootstrap(), "MemberClusterReady")) {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(5);
            while (!waiting.isEmpty()) {
                DomainEventTap.Seen seen = tap.seen().poll();
                if (seen != null) {
                    waiting.remove(seen.event().aggregateId());
                    continue;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("members never declared Ready: " + new java.util.TreeSet<>(waiting));
                }
                Thread.sleep(50);
            }
        }
        progress.accept("every member declared Ready");
    }

    public StandaloneRuntime runtime() {
        return runtime;
    }

    public SimulatedCluster cluster(String name) {
        return runtime.fleet().cluster(name);
    }

    /** Creates the objects of one kind in the cluster, eight at a time, and waits for all of them. */
    public void createAll(String cluster, ResourceDefinitionContext kind, List<GenericKubernetesResource> objects) {
        KubernetesClient client = cluster(cluster).client();
        List<Future<?>> writes = new ArrayList<>();
        for (GenericKubernetesResource object : objects) {
            writes.add(writers.submit(() -> create(client, kind, object)));
        }
        for (Future<?> write : writes) {
            try {
                write.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while creating objects", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException("cannot create an object in " + cluster + ": " + e.getCause(), e.getCause());
            }
        }
    }

    /**
     * Creates {@code object}; a write that timed out is sent again (five times at most), and finding it there then
     * counts as created: a simulated API server busy with thousands of watch events can answer after the client gave up.
     */
    private static void create(KubernetesClient client, ResourceDefinitionContext kind, GenericKubernetesResource object) {
        for (int attempt = 1; ; attempt++) {
            try {
                client.genericKubernetesResources(kind).resource(object).create();
                return;
            } catch (KubernetesClientException e) {
                if (attempt > 1 && e.getCode() == 409) {
                    return;
                }
                if (attempt == CREATE_ATTEMPTS || e.getCode() != 0) {
                    throw e;
                }
            }
        }
    }

    @Override
    public void close() {
        writers.shutdownNow();
        runtime.close();
    }
}
