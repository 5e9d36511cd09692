package io.meridian.agent;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.ObjectRef;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member cluster's agent: informers on every watched kind publish each change as a compact cluster
 * event; every heartbeat interval it reports a heartbeat and the free pod slots per zone, and after a
 * watch reconnects it republishes everything it knows (a full resync) followed by {@code ResyncCompleted}.
 */
public final class ClusterAgent implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ClusterAgent.class);

    private final AgentSettings settings;
    private final KubernetesClient client;
    private final EventSink sink;
    private final Clock clock;
    private final Supplier<String> ids;
    private final List<WatchedResource> watched;
    private final Map<WatchedResource, SharedIndexInformer<GenericKubernetesResource>> informers = new ConcurrentHashMap<>();
    private final Map<WatchedResource, Boolean> wasWatching = new ConcurrentHashMap<>();
    private final Map<WatchedResource, CompletableFuture<Void>> starts = new ConcurrentHashMap<>();
    private final Map<WatchedResource, String> notServed = new ConcurrentHashMap<>();
    private final AtomicLong resyncs = new AtomicLong();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "cluster-agent-timer");
        thread.setDaemon(true);
        return thread;
    });

    public ClusterAgent(AgentSettings settings, Config kubeConfig, EventSink sink, Clock clock, Supplier<String> ids,
                        List<WatchedResource> watched) {
        this(settings, kubeConfig, sink, clock, ids, watched, null);
    }

    /**
     * @param informerThreads where the informers hand their events to the publisher; null: a pool of the client's own
     *                        (fabric8's default, a thread per busy informer). A process holding many agents (the
     *                        standalone's simulated fleet) gives them one small pool instead.
     */
    public ClusterAgent(AgentSettings settings, Config kubeConfig, EventSink sink, Clock clock, Supplier<String> ids,
                        List<WatchedResource> watched, Executor informerThreads) {
        this.settings = settings;
        this.sink = sink;
        this.clock = clock;
        this.ids = ids;
        this.watched = List.copyOf(watched);
        TokenBucket limit = new TokenBucket(settings.qps(), settings.burst(), System::nanoTime);
        KubernetesClientBuilder clientBuilder = new KubernetesClientBuilder();
        if (informerThreads != null) {
            clientBuilder.withTaskExecutor(informerThreads);
        }
        this.client = clientBuilder.withConfig(kubeConfig)
                .withKubernetesSerialization(WatchedObjects.serialization())
                .withHttpClientBuilderConsumer(builder -> builder.addOrReplaceInterceptor("qps", new Interceptor() {
                    @Override
                    public void before(io.fabric8.kubernetes.client.http.BasicBuilder request,
                                       io.fabric8.kubernetes.client.http.HttpRequest httpRequest, RequestTags tags) {
                        limit.acquire();
                    }
                })).build();
    }

    /** Starts every informer and the report timer, and waits until each informer has listed its kind once. */
    public void start() {
        begin();
        for (Map.Entry<WatchedResource, CompletableFuture<Void>> entry : starts.entrySet()) {
            try {
                entry.getValue().join();
            } catch (CompletionException e) {
                if (!notServed.containsKey(entry.getKey())) {
                    throw new IllegalStateException("cannot watch " + entry.getKey().plural() + " in "
                            + settings.clusterName() + ": " + e.getCause().getMessage(), e.getCause());
                }
            }
        }
    }

    /**
     * Starts every informer and the report timer without waiting: a service reports
     * {@link #informersSynced()} in its readiness instead.
     */
    public void begin() {
        for (WatchedResource resource : watched) {
            startInformer(resource);
        }
        long every = settings.heartbeatInterval().toMillis();
        timer.scheduleAtFixedRate(this::report, 0, every, TimeUnit.MILLISECONDS);
    }

    private void startInformer(WatchedResource resource) {
        SharedIndexInformer<GenericKubernetesResource> informer = client.genericKubernetesResources(resource.context())
                .inAnyNamespace().runnableInformer(0);
        informer.addEventHandler(new Publisher(resource));
        informers.put(resource, informer);
        wasWatching.put(resource, true);
        starts.put(resource, informer.start().toCompletableFuture().whenComplete((ignored, error) -> {
            if (error != null && isNotServed(error)) {
                // a kind whose CRD is not installed here (Kruise or Karmada absent): nothing to watch
                notServed.put(resource, error.getMessage());
                log.info("{} is not served by {}; not watched", resource.apiVersion() + "/" + resource.plural(),
                        settings.clusterName());
            }
        }));
        informer.stopped().whenComplete((ignored, error) -> {
            if (error != null) {
                log.warn("watch of {} in {} stopped: {}", resource.plural(), settings.clusterName(), error.getMessage());
            }
        });
    }

    private static boolean isNotServed(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof io.fabric8.kubernetes.client.KubernetesClientException k && k.getCode() == 404;
    }

    /** True once every served kind has been listed; kinds the cluster does not serve do not count. */
    public boolean informersSynced() {
        return watched.stream().allMatch(r -> notServed.containsKey(r) || (informers.containsKey(r) && informers.get(r).hasSynced()));
    }

    /** The served kinds still waiting for their first list, or whose watch has stopped (apiVersion/plural). */
    public List<String> unsyncedKinds() {
        return watched.stream()
                .filter(r -> !notServed.containsKey(r))
                .filter(r -> !informers.containsKey(r) || !informers.get(r).hasSynced() || !informers.get(r).isRunning())
                .map(r -> r.apiVersion() + "/" + r.plural())
                .toList();
    }

    /** The kinds the cluster does not serve (no CRD), which are not watched. */
    public List<String> notServedKinds() {
        return notServed.keySet().stream().map(r -> r.apiVersion() + "/" + r.plural()).sorted().toList();
    }

    /** How many full resyncs (after a watch reconnected) have been published. */
    public long resyncs() {
        return resyncs.get();
    }

    public AgentSettings settings() {
        return settings;
    }

    private void report() {
        try {
            resyncReconnectedInformers();
            publish(ClusterEvent.Type.HEARTBEAT, null, sink -> sink.put("role", settings.role()));
            SharedIndexInformer<GenericKubernetesResource> nodes = informerOf("Node");
            SharedIndexInformer<GenericKubernetesResource> pods = informerOf("Pod");
            if (nodes != null && pods != null) {
                sink.publish(event(ClusterEvent.Type.CAPACITY, null,
                        ZoneCapacity.of(nodes.getStore().list(), pods.getStore().list())));
            }
        } catch (RuntimeException e) {
            log.warn("report of {} failed: {}", settings.clusterName(), e.getMessage());
        }
    }

    private void resyncReconnectedInformers() {
        for (Map.Entry<WatchedResource, SharedIndexInformer<GenericKubernetesResource>> entry : informers.entrySet()) {
            if (!entry.getValue().hasSynced()) {
                continue; // still listing for the first time: that is no reconnect
            }
            boolean watching = entry.getValue().isWatching();
            boolean reconnected = watching && !wasWatching.get(entry.getKey());
            wasWatching.put(entry.getKey(), watching);
            if (reconnected) {
                entry.getValue().getStore().list().forEach(resource -> publishObject(ClusterEvent.Type.UPSERTED, entry.getKey(), resource));
                publish(ClusterEvent.Type.RESYNC_COMPLETED, null, body -> body.put("plural", entry.getKey().plural()));
                resyncs.incrementAndGet();
            }
        }
    }

    private SharedIndexInformer<GenericKubernetesResource> informerOf(String kind) {
        return informers.entrySet().stream().filter(e -> e.getKey().kind().equals(kind) && e.getKey().group().isEmpty())
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    private void publish(ClusterEvent.Type type, ObjectRef object, java.util.function.Consumer<com.fasterxml.jackson.databind.node.ObjectNode> body) {
        com.fasterxml.jackson.databind.node.ObjectNode node = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        body.accept(node);
        sink.publish(event(type, object, node));
    }

    private ClusterEvent event(ClusterEvent.Type type, ObjectRef object, com.fasterxml.jackson.databind.node.ObjectNode body) {
        return new ClusterEvent(ClusterEvent.SCHEMA_VERSION, ids.get(), settings.clusterName(), clock.instant(), type, object, body);
    }

    private void publishObject(ClusterEvent.Type type, WatchedResource resource, GenericKubernetesResource object) {
        ObjectRef ref = new ObjectRef(resource.apiVersion(), resource.kind(), object.getMetadata().getNamespace(),
                object.getMetadata().getName(), object.getMetadata().getUid(), object.getMetadata().getResourceVersion());
        sink.publish(event(type, ref, type == ClusterEvent.Type.DELETED ? null : ObjectCompactor.compact(object)));
    }

    /** Publishes every add, update and delete of one kind, except our own status writes ({@link OwnStatusWrites}). */
    private final class Publisher implements ResourceEventHandler<GenericKubernetesResource> {
        private final WatchedResource resource;

        Publisher(WatchedResource resource) {
            this.resource = resource;
        }

        @Override
        public void onAdd(GenericKubernetesResource object) {
            publishObject(ClusterEvent.Type.UPSERTED, resource, object);
        }

        @Override
        public void onUpdate(GenericKubernetesResource before, GenericKubernetesResource after) {
            if (!OwnStatusWrites.onlyOurStatusChanged(resource, before, after)) {
                publishObject(ClusterEvent.Type.UPSERTED, resource, after);
            }
        }

        @Override
        public void onDelete(GenericKubernetesResource object, boolean finalStateUnknown) {
            publishObject(ClusterEvent.Type.DELETED, resource, object);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        new ArrayList<>(informers.values()).forEach(SharedIndexInformer::close);
        client.close();
        sink.close();
    }
}
