package io.meridian.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import io.meridian.schemas.kafka.DeadLetters;
import io.meridian.schemas.kafka.PollRecovery;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The projection outlives a database that refuses its writes for a while, and sets aside an event whose data it
 * refuses for good, on real Kafka and PostgreSQL.
 */
class ProjectionRecoveryIntegrationTest extends ProjectionIntegrationTest {
    private final Logger recoveryLog = (Logger) LoggerFactory.getLogger(PollRecovery.class);
    private final ListAppender<ILoggingEvent> warnings = new ListAppender<>();

    @BeforeEach
    void listen() {
        warnings.start();
        recoveryLog.addAppender(warnings);
    }

    @AfterEach
    void stopListening() {
        recoveryLog.detachAppender(warnings);
    }

    @Test
    void eventsTheDatabaseRefusedAreProjectedOnceItTakesThemAgain() throws Exception {
        String spread = "member1/default/refused-for-a-while";
        whileTheTableIsAway(() -> {
            publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread)));
            await().atMost(Duration.ofSeconds(30)).until(() -> projectionFailures() >= 1);
        });

        awaitProjected(spread, 1);
        assertThat(get("/api/workloadspreads/member1/default/refused-for-a-while/history"))
                .contains("projected after the database came back");
    }

    @Test
    void aRecordMovedToTheDeadLetterTopicIsMovedOnceThoughItsPollIsReadAgain() throws Exception {
        String spread = "member1/default/garbage-read-again";
        whileTheTableIsAway(() -> {
            publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread)));
            publish(spread, "{not a domain event");
            long failedBefore = projectionFailures();
            await().atMost(Duration.ofSeconds(30)).until(() -> projectionFailures() >= failedBefore + 2);
        });

        awaitProjected(spread, 1);
        assertThat(deadLettersOf(spread)).extracting(ConsumerRecord::value).containsExactly("{not a domain event");
    }

    /** The history table renamed away while {@code meanwhile} runs: every write to it fails as if the database were gone. */
    private void whileTheTableIsAway(Step meanwhile) throws Exception {
        jdbc.execute("alter table domain_event rename to domain_event_away");
        try {
            meanwhile.run();
        } finally {
            jdbc.execute("alter table domain_event_away rename to domain_event");
        }
    }

    private interface Step {
        void run() throws Exception;
    }

    private void awaitProjected(String aggregateId, int events) {
        await().atMost(Duration.ofSeconds(30)).until(() -> jdbc.queryForObject(
                "select count(*) from domain_event where aggregate_id = ?", Integer.class, aggregateId) == events);
    }

    private long projectionFailures() {
        return warnings.list.stream().filter(e -> e.getFormattedMessage().startsWith("domain event projection failed")).count();
    }

    @Test
    void anEventWhoseDataTheDatabaseRefusesGoesToTheDeadLetterTopicAndTheEventsAroundItAreProjected() throws Exception {
        String spread = "member1/default/refused-for-good";
        publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread, 1, "before")));
        publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread, 2, "a NUL \0 PostgreSQL never stores")));
        publish(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread, 3, "after")));

        awaitProjected(spread, 2);
        ConsumerRecord<String, String> dead = deadLetterOf(spread);
        assertThat(dead.value()).contains("#2");
        assertThat(new String(dead.headers().lastHeader(DeadLetters.REASON_HEADER).value(), StandardCharsets.UTF_8))
                .startsWith("refused by the projection's database: SQLSTATE 22");
    }

    @Test
    void aRefusedEventIsMovedToTheDeadLetterTopicOnceThoughALaterEventOfItsPollFailsByAnOutage() throws Exception {
        String spread = "member1/default/refused-then-outage";
        jdbc.execute("alter table pod_placement rename to pod_placement_away");
        try {
            long failedBefore = projectionFailures();
            publishTogether(spread, MessageCodec.DOMAIN_EVENT.encode(decision(spread, 1, "a NUL \0 PostgreSQL never stores")),
                    MessageCodec.DOMAIN_EVENT.encode(placing(spread, 2)));
            await().atMost(Duration.ofSeconds(30)).until(() -> projectionFailures() >= failedBefore + 2);
        } finally {
            jdbc.execute("alter table pod_placement_away rename to pod_placement");
        }

        awaitProjected(spread, 1);
        assertThat(deadLettersOf(spread)).extracting(ConsumerRecord::value).singleElement().asString().contains("#1");
    }

    /** The values sent as one batch of one partition, so that the projection polls them together. */
    private static void publishTogether(String key, String... values) throws Exception {
        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", KAFKA.bootstrapServers(),
                "acks", "all", "enable.idempotence", "true", "linger.ms", 1_000), new StringSerializer(),
                new StringSerializer())) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (String value : values) {
                sent.add(producer.send(new ProducerRecord<>(Topics.DOMAIN_EVENTS, key, value)));
            }
            producer.flush();
            for (Future<RecordMetadata> each : sent) {
                each.get();
            }
        }
    }

    /** Every record keyed so in the dead-letter topic, read until none has come for two seconds. */
    private static List<ConsumerRecord<String, String>> deadLettersOf(String key) {
        List<ConsumerRecord<String, String>> found = new java.util.ArrayList<>();
        try (var consumer = deadLetterReader()) {
            long quietSince = System.nanoTime();
            while (System.nanoTime() - quietSince < Duration.ofSeconds(2).toNanos()) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    quietSince = System.nanoTime();
                    if (key.equals(record.key())) {
                        found.add(record);
                    }
                }
            }
        }
        return found;
    }

    private static KafkaConsumer<String, String> deadLetterReader() {
        var consumer = new KafkaConsumer<>(Map.<String, Object>of("bootstrap.servers", KAFKA.bootstrapServers()),
                new StringDeserializer(), new StringDeserializer());
        String topic = Topics.deadLetter(Topics.DOMAIN_EVENTS);
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return consumer;
    }

    private static ConsumerRecord<String, String> deadLetterOf(String key) {
        try (var consumer = deadLetterReader()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (key.equals(record.key())) {
                        return record;
                    }
                }
            }
            throw new AssertionError("no record keyed " + key + " in the dead-letter topic");
        }
    }

    private static DomainEvent decision(String aggregateId) {
        return decision(aggregateId, 1, "projected after the database came back");
    }

    /** An admission that places a pod, so projecting it writes a placement too. */
    private static DomainEvent placing(String aggregateId, int sequence) {
        return new DomainEvent(1, aggregateId + "#" + sequence, "WorkloadSpread", aggregateId, sequence, "PodAdmitted",
                Instant.parse("2026-11-24T10:00:00Z"), "d-" + sequence, "0.1.0",
                JsonNodeFactory.instance.objectNode().put("reason", "placed").put("pod", "web-1").put("subset", "ack"));
    }

    private static DomainEvent decision(String aggregateId, int sequence, String reason) {
        return new DomainEvent(1, aggregateId + "#" + sequence, "WorkloadSpread", aggregateId, sequence, "PodAdmitted",
                Instant.parse("2026-11-24T10:00:00Z"), "d-" + sequence, "0.1.0",
                JsonNodeFactory.instance.objectNode().put("reason", reason));
    }
}
