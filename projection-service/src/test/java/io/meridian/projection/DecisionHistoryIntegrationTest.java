package io.meridian.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.embedded.PostgresServer;
import io.meridian.projection.kafka.DomainEventProjector;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Domain events on real Kafka land in real PostgreSQL and come back through the history API. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DecisionHistoryIntegrationTest {
    static final KafkaBroker KAFKA = TestInfrastructure.kafka();
    static final PostgresServer POSTGRES = TestInfrastructure.postgres();

    static {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", KAFKA.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(Topics.DOMAIN_EVENTS, 2, (short) 1),
                    new NewTopic(Topics.deadLetter(Topics.DOMAIN_EVENTS), 1, (short) 1))).all().get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> POSTGRES.createDatabase("projections"));
        registry.add("spring.datasource.username", POSTGRES::username);
        registry.add("spring.datasource.password", POSTGRES::password);
        registry.add("meridian.kafka.bootstrap-servers", KAFKA::bootstrapServers);
    }

    @AfterAll
    static void stop() {
        POSTGRES.close();
        KAFKA.close();
    }

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    private static DomainEvent decision(String aggregateId, long sequence, String reason) {
        return new DomainEvent(1, aggregateId + "#" + sequence, "WorkloadSpread", aggregateId, sequence, "PodAdmitted",
                Instant.parse("2026-11-22T03:00:00Z").plusSeconds(sequence), "d-" + sequence, "0.1.0",
                JsonNodeFactory.instance.objectNode().put("reason", reason));
    }

    private static void publish(String key, String value) throws Exception {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", KAFKA.bootstrapServers(),
                "acks", "all", "enable.idempotence", "true"), new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(Topics.DOMAIN_EVENTS, key, value)).get();
        }
    }

    @Test
    void decisionsAppearInTheHistoryOfTheirSpreadInOrder() throws Exception {
        String spread = "member1/deploy/ws-demo";
        publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread, 1, "chose ack (99 free)")));
        publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread, 2, "ack full (100/100); chose eci")));

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(get("/api/workloadspreads/member1/deploy/ws-demo/history"))
                        .contains("chose ack (99 free)")
                        .contains("ack full (100/100); chose eci"));
        String body = get("/api/workloadspreads/member1/deploy/ws-demo/history");
        assertThat(body.indexOf("chose ack")).isLessThan(body.indexOf("ack full"));
    }

    @Test
    void aRedeliveredEventIsStoredOnce() throws Exception {
        String spread = "member1/default/twice";
        String event = MessageCodec.DOMAIN_EVENT.encode(decision(spread, 1, "once"));
        publish(spread, event);
        publish(spread, event);
        publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread, 2, "marker")));

        await().atMost(Duration.ofSeconds(30)).until(() -> count(spread) == 2);
    }

    @Test
    void anUnparseableRecordGoesToTheDeadLetterTopicWithItsReasonAndNothingElseIsAffected() throws Exception {
        String spread = "member1/default/after-garbage";
        publish("garbage", "{this is not json");
        publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread, 1, "still projected")));

        await().atMost(Duration.ofSeconds(30)).until(() -> count(spread) == 1);
        ConsumerRecord<String, String> dead = firstDeadLetter();
        assertThat(dead.value()).isEqualTo("{this is not json");
        assertThat(new String(dead.headers().lastHeader(DomainEventProjector.REASON_HEADER).value(), StandardCharsets.UTF_8))
                .startsWith("not JSON");
    }

    private int count(String aggregateId) {
        return jdbc.queryForObject("select count(*) from domain_event where aggregate_id = ?", Integer.class, aggregateId);
    }

    private String get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static ConsumerRecord<String, String> firstDeadLetter() {
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of("bootstrap.servers", KAFKA.bootstrapServers(),
                "group.id", "dlq-reader", "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.deadLetter(Topics.DOMAIN_EVENTS)));
            List<ConsumerRecord<String, String>> seen = new ArrayList<>();
            for (int i = 0; i < 30 && seen.isEmpty(); i++) {
                consumer.poll(Duration.ofMillis(500)).forEach(seen::add);
            }
            assertThat(seen).isNotEmpty();
            return seen.get(0);
        }
    }
}
