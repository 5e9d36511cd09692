package io.meridian.agent.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The agent service as it runs in a cluster: the Spring application, configured only by the environment variables
 * it documents, watching a fabric8 mock API server through a kubeconfig file and publishing to the real in-process
 * Kafka broker.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ClusterAgentApplicationTest {
    static final KafkaBroker KAFKA = TestInfrastructure.kafka();
    static final KubernetesMockServer API = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
            new KubernetesCrudDispatcher(), false);
    static final Path KUBECONFIG;

    static {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", KAFKA.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(Topics.CLUSTER_EVENTS, 2, (short) 1))).all().get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        API.init();
        KUBECONFIG = kubeconfigFor(API.url("/"));
    }

    @DynamicPropertySource
    static void environment(DynamicPropertyRegistry registry) {
        registry.add("MERIDIAN_CLUSTER_NAME", () -> "member7");
        registry.add("MERIDIAN_CLUSTER_ROLE", () -> "member");
        registry.add("KUBECONFIG", KUBECONFIG::toString);
        registry.add("MERIDIAN_KAFKA_BOOTSTRAP", KAFKA::bootstrapServers);
        registry.add("MERIDIAN_AGENT_QPS", () -> "200");
        registry.add("MERIDIAN_AGENT_BURST", () -> "400");
        registry.add("MERIDIAN_HEARTBEAT_SECONDS", () -> "1");
    }

    @AfterAll
    static void stop() throws IOException {
        API.destroy();
        KAFKA.close();
        Files.deleteIfExists(KUBECONFIG);
    }

    @LocalServerPort
    int port;

    @Test
    void aPodCreatedInTheClusterArrivesOnTheClusterEventsTopic() {
        try (KubernetesClient kube = API.createClient()) {
            kube.pods().inNamespace("shop").resource(new PodBuilder().withNewMetadata().withName("web-1").endMetadata()
                    .withNewSpec().withNodeName("node-a").endSpec().build()).create();
        }

        ClusterEvent event = awaitClusterEvent(e -> e.type() == ClusterEvent.Type.UPSERTED && e.object() != null
                && e.object().name().equals("web-1"));

        assertThat(event.cluster()).isEqualTo("member7");
        assertThat(event.key()).isEqualTo("member7/shop/Pod/web-1");
    }

    @Test
    void heartbeatsCarryTheRoleFromTheEnvironment() {
        ClusterEvent heartbeat = awaitClusterEvent(e -> e.type() == ClusterEvent.Type.HEARTBEAT);

        assertThat(heartbeat.body().path("role").asText()).isEqualTo("member");
    }

    @Test
    void readinessIsUpOnceInformersSyncedAndKafkaAcknowledged() throws Exception {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            HttpResponse<String> readiness = get("/actuator/health/readiness");
            assertThat(readiness.statusCode()).isEqualTo(200);
            assertThat(readiness.body()).contains("\"agentReadiness\"").contains("\"status\":\"UP\"");
        });
        HttpResponse<String> liveness = get("/actuator/health/liveness");
        assertThat(liveness.statusCode()).isEqualTo(200);
        assertThat(liveness.body()).contains("\"agentLiveness\"");
    }

    @Test
    void prometheusCountsTheEventsKafkaAcknowledged() throws Exception {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(get("/actuator/prometheus").body())
                .containsPattern("meridian_agent_events_published_total\\{cluster=\"member7\",outcome=\"acknowledged\","
                        + "type=\"Heartbeat\"} [1-9]")
                .containsPattern("meridian_agent_resyncs_total\\{cluster=\"member7\"} \\d")
                .contains("meridian_agent_informers_synced{cluster=\"member7\"} 1.0"));
    }

    private ClusterEvent awaitClusterEvent(java.util.function.Predicate<ClusterEvent> wanted) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.<String, Object>of(
                "bootstrap.servers", KAFKA.bootstrapServers(), "group.id", "probe-" + UUID.randomUUID(),
                "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.CLUSTER_EVENTS));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (MessageCodec.CLUSTER_EVENT.decode(record.value()) instanceof Decoded.Accepted<ClusterEvent> ok
                            && wanted.test(ok.message())) {
                        return ok.message();
                    }
                }
            }
        }
        throw new AssertionError("no such cluster event on " + Topics.CLUSTER_EVENTS + " within 30 s");
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static Path kubeconfigFor(String serverUrl) {
        try {
            Path file = Files.createTempFile("agent", ".kubeconfig");
            Files.writeString(file, Kubeconfigs.forServer(serverUrl));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
