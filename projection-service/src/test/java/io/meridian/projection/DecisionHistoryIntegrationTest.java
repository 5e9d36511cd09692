package io.meridian.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import io.meridian.schemas.kafka.DeadLetters;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/** Domain events on real Kafka land in real PostgreSQL and come back through the history API. */
class DecisionHistoryIntegrationTest extends ProjectionIntegrationTest {

    private static DomainEvent decision(String aggregateId, long sequence, String reason) {
        return new DomainEvent(1, aggregateId + "#" + sequence, "WorkloadSpread", aggregateId, sequence, "PodAdmitted",
                Instant.parse("2026-11-22T03:00:00Z").plusSeconds(sequence), "d-" + sequence, "0.1.0",
                JsonNodeFactory.instance.objectNode().put("reason", reason));
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
        assertThat(new String(dead.headers().lastHeader(DeadLetters.REASON_HEADER).value(), StandardCharsets.UTF_8))
                .startsWith("not JSON");
    }

    private int count(String aggregateId) {
        return jdbc.queryForObject("select count(*) from domain_event where aggregate_id = ?", Integer.class, aggregateId);
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
