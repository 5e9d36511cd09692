package io.meridian.command.outbound;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/** Sends records and returns only once Kafka acknowledged all of them, so a tracking token moves past durable records. */
public final class AckedSend {
    private AckedSend() {
    }

    /** Sends all, then waits for every acknowledgement; a failure throws, so the processor retries the event. */
    public static void sendAll(KafkaProducer<String, String> producer, List<ProducerRecord<String, String>> records) {
        List<Future<RecordMetadata>> sent = new ArrayList<>(records.size());
        for (ProducerRecord<String, String> record : records) {
            sent.add(producer.send(record));
        }
        try {
            for (Future<RecordMetadata> ack : sent) {
                ack.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot publish to Kafka: " + e.getCause(), e.getCause());
        }
    }
}
