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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
    private final Map<WatchedResource, SharedIndexInformer<GenericKubernetesResource>> informers = new HashMap<>();
    private final Map<WatchedResource, Boolean> wasWatching = new HashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "cluster-agent-timer");
        thread.setDaemon(true);
        return thread;
    });

    public ClusterAgent(AgentSettings settings, Config kubeConfig, EventSink sink, Clock clock, Supplier<String> ids,
                        List<WatchedResource> watched) {
        this.settings = settings;
        this.sink = sink;
        this.clock = clock;
        this.ids = ids;
        this.watched = List.copyOf(watched);
        TokenBucket limit = new TokenBucket(settings.qps(), settings.burst(), System::nanoTime);
        this.client = new KubernetesClientBuilder().withConfig(kubeConfig)
                .withHttpClientBuilderConsumer(builder -> builder.addOrReplaceInterceptor("qps", new Interceptor() {
                    @Override
                    public void before(io.fabric8.kubernetes.client.http.BasicBuilder request,
                                       io.fabric8.kubernetes.client.http.HttpRequest httpRequest, RequestTags tags) {
                        limit.acquire();
                    }
                })).build();
    }

    public void start() {
        for (WatchedResource resource : watched) {
            startInformer(resource);
        }
        long every = settings.heartbeatInterval().toMillis();
        timer.scheduleAtFixedRate(this::report, 0, every, TimeUnit.MILLISECONDS);
    }

    private void startInformer(WatchedResource resource) {
        SharedIndexInformer<GenericKubernetesResource> informer = client.genericKubernetesResources(resource.context())
                .inAnyNamespace().inform(new Publisher(resource), 0);
        informers.put(resource, informer);
        wasWatching.put(resource, true);
        informer.stopped().whenComplete((ignored, error) -> {
            if (error != null) {
                log.warn("watch of {} in {} stopped: {}", resource.plural(), settings.clusterName(), error.getMessage());
            }
        });
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
            boolean watching = entry.getValue().isWatching();
            boolean reconnected = watching && !wasWatching.get(entry.getKey());
            wasWatching.put(entry.getKey(), watching);
            if (reconnected) {
                entry.getValue().getStore().list().forEach(resource -> publishObject(ClusterEvent.Type.UPSERTED, entry.getKey(), resource));
                publish(ClusterEvent.Type.RESYNC_COMPLETED, null, body -> body.put("plural", entry.getKey().plural()));
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

    /** Publishes every add, update and delete of one kind. */
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
            publishObject(ClusterEvent.Type.UPSERTED, resource, after);
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
