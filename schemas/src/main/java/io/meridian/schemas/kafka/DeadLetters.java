package io.meridian.schemas.kafka;

import io.meridian.schemas.Topics;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a record that cannot be parsed or validated, or that is refused every time it is handled, to {@code <topic>.dlq},
 * with the reason as a header. Shared by every consumer of the pipeline.
 */
public final class DeadLetters {
    public static final String REASON_HEADER = "meridian.dlq.reason";
    private static final long SEND_TIMEOUT_SECONDS = 30;
    private static final Logger log = LoggerFactory.getLogger(DeadLetters.class);

    private DeadLetters() {
    }

    /** Returns once the dead letter is durable (acks=all), so the original may be skipped. */
    public static void send(Producer<String, String> producer, ConsumerRecord<String, String> record, String reason) {
        ProducerRecord<String, String> dead = new ProducerRecord<>(Topics.deadLetter(record.topic()), record.key(), record.value());
        dead.headers().add(REASON_HEADER, reason.getBytes(StandardCharsets.UTF_8));
        try {
            producer.send(dead).get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            log.warn("record {}-{}@{} moved to {}: {}", record.topic(), record.partition(), record.offset(),
                    Topics.deadLetter(record.topic()), reason);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while moving a record to the dead-letter topic", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot move a record to the dead-letter topic", e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("cannot move a record to the dead-letter topic in " + SEND_TIMEOUT_SECONDS + " s", e);
        }
    }
}
