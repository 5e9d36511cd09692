package io.meridian.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.meridian.schemas.ClusterEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ClusterAgentTest {
    private final KubernetesMockServer server = new KubernetesMockServer(new io.fabric8.mockwebserver.Context(),
            new io.fabric8.mockwebserver.MockWebServer(), new java.util.HashMap<>(),
            new io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher(), false);
    private final List<ClusterEvent> published = new CopyOnWriteArrayList<>();
    private KubernetesClient kube;
    private ClusterAgent agent;

    @BeforeEach
    void start() {
        server.init();
        kube = server.createClient();
        AtomicLong ids = new AtomicLong();
        agent = new ClusterAgent(new AgentSettings("member1", "member", 100, 100, Duration.ofMillis(200)),
                kube.getConfiguration(), published::add, Clock.systemUTC(), () -> "e-" + ids.incrementAndGet(),
                List.of(new WatchedResource("", "v1", "pods", "Pod", true), new WatchedResource("", "v1", "nodes", "Node", false),
                        OwnStatusWritesTest.REBALANCERS));
        agent.start();
    }

    @AfterEach
    void stop() {
        agent.close();
        kube.close();
        server.destroy();
    }

    @Test
    void aNewPodIsPublishedAsACompactUpsertKeyedByTheObject() {
        kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("web-1").addToLabels("app", "web")
                .endMetadata().withNewSpec().withNodeName("ack-0").addNewContainer().withName("main").withImage("nginx").endContainer()
                .endSpec().build()).create();

        ClusterEvent event = awaitEvent(e -> e.type() == ClusterEvent.Type.UPSERTED && e.object() != null
                && e.object().name().equals("web-1"));
        assertThat(event.key()).isEqualTo("member1/deploy/Pod/web-1");
        assertThat(event.body().path("spec").path("nodeName").asText()).isEqualTo("ack-0");
        assertThat(event.body().path("metadata").path("labels").path("app").asText()).isEqualTo("web");
        assertThat(event.body().path("spec").has("containers")).as("containers are not part of a compact pod").isFalse();
    }

    @Test
    void anAgentGivenInformerThreadsPublishesFromThem() {
        List<String> threads = new CopyOnWriteArrayList<>();
        java.util.concurrent.ExecutorService given = java.util.concurrent.Executors.newSingleThreadExecutor(
                r -> new Thread(r, "given-informer-thread"));
        try (ClusterAgent withThreads = new ClusterAgent(new AgentSettings("member2", "member", 100, 100, Duration.ofMinutes(1)),
                kube.getConfiguration(), event -> recordObjectEventThread(event, threads), Clock.systemUTC(),
                () -> "t", List.of(new WatchedResource("", "v1", "pods", "Pod", true)), given)) {
            withThreads.start();
            kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("on-given").endMetadata()
                    .build()).create();

            await().atMost(Duration.ofSeconds(10)).until(() -> !threads.isEmpty());
            assertThat(threads).containsOnly("given-informer-thread");
        } finally {
            given.shutdownNow();
        }
    }

    /** Heartbeats and capacity come from the agent's timer; only an object's event comes from an informer. */
    private static void recordObjectEventThread(ClusterEvent event, List<String> threads) {
        if (event.object() != null) {
            threads.add(Thread.currentThread().getName());
        }
    }

    @Test
    void aDeletedPodIsPublishedAsDeleted() {
        kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("web-2").endMetadata().build()).create();
        awaitEvent(e -> e.object() != null && e.object().name().equals("web-2"));

        kube.pods().inNamespace("deploy").withName("web-2").delete();

        awaitEvent(e -> e.type() == ClusterEvent.Type.DELETED && e.object().name().equals("web-2"));
    }

    @Test
    void heartbeatsAndFreeSlotsPerZoneAreReported() {
        kube.nodes().resource(new NodeBuilder().withNewMetadata().withName("ack-0")
                .addToLabels(ZoneCapacity.ZONE_LABEL, "ack").endMetadata()
                .withNewStatus().addToAllocatable("pods", new Quantity("10")).addNewCondition().withType("Ready")
                .withStatus("True").endCondition().endStatus().build()).create();
        kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("web-3").endMetadata()
                .withNewSpec().withNodeName("ack-0").endSpec().withNewStatus().withPhase("Running").endStatus().build()).create();

        awaitEvent(e -> e.type() == ClusterEvent.Type.HEARTBEAT && "member".equals(e.body().path("role").asText()));
        ClusterEvent capacity = awaitEvent(e -> e.type() == ClusterEvent.Type.CAPACITY
                && e.body().path("zones").path("ack").path("usedPods").asInt() == 1);
        assertThat(capacity.body().path("zones").path("ack").path("freePods").asInt()).isEqualTo(9);
    }

    @Test
    void aRebalancersStatusWrittenAloneIsNotPublishedAndItsNextSpecChangeIs() {
        var rebalancers = kube.genericKubernetesResources(OwnStatusWritesTest.REBALANCERS.context());
        GenericKubernetesResource created = rebalancers.resource(new GenericKubernetesResourceBuilder()
                .withApiVersion("apps.karmada.io/v1alpha1").withKind("WorkloadRebalancer").withNewMetadata()
                .withName("all").endMetadata().addToAdditionalProperties("spec", workloads("web")).build()).create();
        awaitEvent(e -> e.object() != null && e.object().name().equals("all"));

        created.getAdditionalProperties().put("status", Map.of("finishTime", "2026-11-23T09:00:00Z"));
        GenericKubernetesResource statusWritten = rebalancers.resource(created).update();
        statusWritten.getAdditionalProperties().put("spec", workloads("web", "api"));
        rebalancers.resource(statusWritten).update();

        awaitEvent(e -> e.object() != null && e.object().name().equals("all")
                && e.body().path("spec").path("workloads").size() == 2);
        assertThat(published.stream().filter(e -> e.object() != null && e.object().name().equals("all"))).hasSize(2);
    }

    private static Map<String, Object> workloads(String... names) {
        return Map.of("workloads", java.util.Arrays.stream(names)
                .map(n -> Map.of("apiVersion", "apps/v1", "kind", "Deployment", "namespace", "apps", "name", n)).toList());
    }

    private ClusterEvent awaitEvent(java.util.function.Predicate<ClusterEvent> wanted) {
        return await().atMost(Duration.ofSeconds(15)).until(
                () -> published.stream().filter(wanted).findFirst(), java.util.Optional::isPresent).orElseThrow();
    }
}
