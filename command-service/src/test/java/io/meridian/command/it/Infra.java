package io.meridian.command.it;

import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.CommandServiceApplication;
import io.meridian.command.cluster.ClusterEventConsumer;
import io.meridian.schemas.kafka.DeadLetters;
import io.meridian.command.ws.KernelJson;
import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.embedded.PostgresServer;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.ObjectRef;
import io.meridian.schemas.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/** One Kafka broker and one PostgreSQL for all integration tests of the JVM (stopped when it exits). */
final class Infra {
    static final KafkaBroker KAFKA = TestInfrastructure.kafka();
    static final PostgresServer POSTGRES = TestInfrastructure.postgres();
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", KAFKA.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(Topics.CLUSTER_EVENTS, 3, (short) 1),
                    new NewTopic(Topics.deadLetter(Topics.CLUSTER_EVENTS), 1, (short) 1),
                    new NewTopic(Topics.MUTATIONS, 1, (short) 1),
                    new NewTopic(Topics.MUTATION_RESULTS, 1, (short) 1),
                    new NewTopic(Topics.deadLetter(Topics.MUTATION_RESULTS), 1, (short) 1),
                    new NewTopic(Topics.DOMAIN_EVENTS, 2, (short) 1))).all().get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            POSTGRES.close();
            KAFKA.close();
        }));
    }

    private Infra() {
    }

    static ConfigurableApplicationContext start(String db, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--spring.datasource.url=" + db,
                "--spring.datasource.username=" + POSTGRES.username(),
                "--spring.datasource.password=" + POSTGRES.password(),
                "--meridian.kafka-bootstrap-servers=" + KAFKA.bootstrapServers(),
                "--meridian.sync-debounce=100ms"));
        args.addAll(List.of(extra));
        return new SpringApplicationBuilder(CommandServiceApplication.class).run(args.toArray(String[]::new));
    }

    static int port(ConfigurableApplicationContext context) {
        return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    static void publish(String key, String value) throws Exception {
        publish(Topics.CLUSTER_EVENTS, key, value);
    }

    static void publish(String topic, String key, String value) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", KAFKA.bootstrapServers(),
                "acks", "all"), new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, key, value)).get();
        }
    }

    /** Publishes {@code n} pod upserts of another namespace in one go: a backlog for the cluster events consumer. */
    static void backlog(String cluster, int n) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", KAFKA.bootstrapServers(),
                "acks", "all", "linger.ms", "5"), new StringSerializer(), new StringSerializer())) {
            List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ClusterEvent event = new ClusterEvent(1, UUID.randomUUID().toString(), cluster, Instant.now(),
                        ClusterEvent.Type.UPSERTED, new ObjectRef("v1", "Pod", "elsewhere", "filler-" + i, "uid-filler-" + i, "1"),
                        pod("filler-" + i));
                sent.add(producer.send(new ProducerRecord<>(Topics.CLUSTER_EVENTS, event.key(), MessageCodec.CLUSTER_EVENT.encode(event))));
            }
            for (java.util.concurrent.Future<?> f : sent) {
                f.get();
            }
        }
    }

    /** One heartbeat of a cluster's agent (role {@code host} or {@code member}), as a live agent sends every few seconds. */
    static void heartbeat(String cluster, String role) {
        ClusterEvent heartbeat = new ClusterEvent(1, UUID.randomUUID().toString(), cluster, Instant.now(),
                ClusterEvent.Type.HEARTBEAT, null, KernelJson.JSON.createObjectNode().put("role", role));
        try {
            publish(heartbeat.key(), MessageCodec.CLUSTER_EVENT.encode(heartbeat));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static void upsert(String cluster, String kind, String apiVersion, String namespace, String name, JsonNode body) throws Exception {
        ClusterEvent event = new ClusterEvent(1, UUID.randomUUID().toString(), cluster, Instant.now(),
                ClusterEvent.Type.UPSERTED, new ObjectRef(apiVersion, kind, namespace, name, "uid-" + name, "1"), body);
        publish(event.key(), MessageCodec.CLUSTER_EVENT.encode(event));
    }

    /**
     * Admits as a gateway that cannot read the member cluster: asked for the live owners, it sends the request
     * again with none, so the agents' view decides.
     */
    static JsonNode admit(int port, String cluster, String operation, JsonNode pod) throws Exception {
        JsonNode answer = admit(port, cluster, operation, pod, null);
        return answer.path("needsLiveOwners").asBoolean(false) ? admit(port, cluster, operation, pod, List.of()) : answer;
    }

    /** One admission request; {@code liveOwners} null leaves the field out. */
    static JsonNode admit(int port, String cluster, String operation, JsonNode pod, List<JsonNode> liveOwners) throws Exception {
        return post(port, admissionBody(cluster, operation, pod, liveOwners));
    }

    /** A CREATE as a gateway sends it when its read of the pod's owners did not come back in time. */
    static JsonNode admitWithChainCutShort(int port, String cluster, JsonNode pod) throws Exception {
        return post(port, admissionBody(cluster, "CREATE", pod, List.of()).put("liveOwnersIncomplete", true));
    }

    static ObjectNode admissionBody(String cluster, String operation, JsonNode pod, List<JsonNode> liveOwners) {
        ObjectNode body = KernelJson.JSON.createObjectNode().put("cluster", cluster).put("uid", UUID.randomUUID().toString())
                .put("operation", operation).put("dryRun", false).put("namespace", "ns");
        body.set("pod", pod);
        if (liveOwners != null) {
            body.putArray("liveOwners").addAll(liveOwners);
        }
        return body;
    }

    private static JsonNode post(int port, ObjectNode body) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/admission/pods"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return KernelJson.JSON.readTree(response.body());
    }

    static List<JsonNode> admitConcurrently(int port, String cluster, List<String> pods) {
        return admitConcurrently(pods, name -> admit(port, cluster, "CREATE", pod(name)));
    }

    interface Admission {
        JsonNode admit(String pod) throws Exception;
    }

    static List<JsonNode> admitConcurrently(List<String> pods, Admission admission) {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(pods.size());
        List<CompletableFuture<JsonNode>> answers = pods.stream().map(name -> CompletableFuture.supplyAsync(() -> {
            try {
                return admission.admit(name);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, pool)).toList();
        try {
            return answers.stream().map(CompletableFuture::join).toList();
        } finally {
            pool.shutdown();
        }
    }

    static String subsetOf(JsonNode answer) {
        for (JsonNode op : answer.path("patch")) {
            if (op.path("path").asText().contains("matched-workloadspread")) {
                return io.meridian.core.ws.MatchedWorkloadSpread.parse(op.path("value").asText()).orElseThrow().subset();
            }
            if (op.path("path").asText().equals("/metadata/annotations")) {
                String value = op.path("value").path(io.meridian.core.ws.MatchedWorkloadSpread.ANNOTATION).asText(null);
                if (value != null) {
                    return io.meridian.core.ws.MatchedWorkloadSpread.parse(value).orElseThrow().subset();
                }
            }
        }
        return null;
    }

    /**
     * Every record of {@code topic} up to its end (at least {@code atLeast}, waiting up to 20 s for them): the topic
     * is shared by all tests of the JVM, so reading stops at the end offsets of every partition, not at a count.
     */
    static List<ConsumerRecord<String, String>> readAll(String topic, int atLeast) {
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", KAFKA.bootstrapServers(),
                "group.id", "test-" + UUID.randomUUID(), "auto.offset.reset", "earliest"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.currentTimeMillis() + 20_000;
            while (System.currentTimeMillis() < deadline) {
                consumer.poll(Duration.ofMillis(300)).forEach(out::add);
                if (out.size() >= atLeast && atEnd(consumer)) {
                    break;
                }
            }
        }
        return out;
    }

    private static boolean atEnd(KafkaConsumer<String, String> consumer) {
        var assigned = consumer.assignment();
        if (assigned.isEmpty()) {
            return false;
        }
        return consumer.endOffsets(assigned).entrySet().stream()
                .allMatch(end -> consumer.position(end.getKey()) >= end.getValue());
    }

    static String get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    static int count(JdbcTemplate jdbc, String aggregate) {
        Integer n = jdbc.queryForObject("select count(*) from domainevententry where aggregateidentifier = ?", Integer.class, aggregate);
        return n == null ? 0 : n;
    }
}
