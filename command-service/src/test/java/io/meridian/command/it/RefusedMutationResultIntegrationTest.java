package io.meridian.command.it;

import static io.meridian.command.it.Infra.KAFKA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.meridian.schemas.kafka.DeadLetters;
import io.meridian.command.kafka.KafkaClients;
import io.meridian.command.kafka.MeridianProperties;
import io.meridian.command.outbound.MutationResultConsumer;
import io.meridian.command.outbound.MutationResultRoute;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.MutationResult;
import io.meridian.schemas.Topics;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;

/**
 * On the real broker: a mutation result that is refused every time it is recorded goes to the .dlq after the last
 * attempt, and the results behind it on its partition are recorded.
 */
class RefusedMutationResultIntegrationTest {
    private final String run = UUID.randomUUID().toString();
    private final List<Object> recorded = new CopyOnWriteArrayList<>();

    @Test
    void aResultRefusedEveryTimeGoesToTheDeadLetterTopicAndTheOnesBehindItAreRecorded() throws Exception {
        MutationResultRoute refusesThePoison = (aggregateId, result) -> {
            if (result.mutationId().startsWith("poison-" + run)) {
                throw new IllegalStateException("no aggregate takes this result");
            }
            return Optional.of("record " + result.mutationId());
        };
        MutationResultConsumer consumer = new MutationResultConsumer(new KafkaClients(new MeridianProperties(
                KAFKA.bootstrapServers(), "refused-results-" + run, null, null, null, null)), recordingGateway(),
                new MeridianProperties(KAFKA.bootstrapServers(), "refused-results-" + run, null, null, null, null),
                List.of(refusesThePoison), Clock.systemUTC());
        consumer.start();
        try {
            publish("poison-" + run + "@1");
            publish("good-" + run + "@1");

            await().atMost(Duration.ofSeconds(30)).until(() -> recorded.contains("record good-" + run + "@1"));
        } finally {
            consumer.stop();
        }
        ConsumerRecord<String, String> dead = deadLetterOf("poison-" + run + "@1");
        assertThat(new String(dead.headers().lastHeader(DeadLetters.REASON_HEADER).value(), StandardCharsets.UTF_8))
                .isEqualTo("not recorded, refused 5 times in a row: java.lang.IllegalStateException: no aggregate takes this result");
        assertThat(recorded).noneMatch(command -> command.toString().contains("poison-" + run));
    }

    private CommandGateway recordingGateway() {
        return (CommandGateway) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {CommandGateway.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("sendAndWait")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    recorded.add(args[0]);
                    return null;
                });
    }

    private static void publish(String mutationId) throws Exception {
        MutationResult result = new MutationResult(MutationResult.SCHEMA_VERSION, mutationId, "member1",
                Instant.parse("2026-11-24T13:00:00Z"), MutationResult.Outcome.PATCHED, null);
        try (var producer = new KafkaProducer<>(Map.<String, Object>of("bootstrap.servers", KAFKA.bootstrapServers(),
                "acks", "all"), new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(Topics.MUTATION_RESULTS, "member1", MessageCodec.MUTATION_RESULT.encode(result)))
                    .get();
        }
    }

    private static ConsumerRecord<String, String> deadLetterOf(String mutationId) {
        String topic = Topics.deadLetter(Topics.MUTATION_RESULTS);
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of("bootstrap.servers", KAFKA.bootstrapServers()),
                new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (record.value().contains(mutationId)) {
                        return record;
                    }
                }
            }
            throw new AssertionError("no result " + mutationId + " in " + topic);
        }
    }
}
