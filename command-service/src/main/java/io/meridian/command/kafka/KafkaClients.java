package io.meridian.command.kafka;

import io.meridian.schemas.Topics;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.stereotype.Component;

/** Creates the service's Kafka clients: idempotent producers (acks=all), consumers that never auto-commit. */
@Component
public class KafkaClients {
    private static final int PUBLISHER_BATCH_BYTES = 64 * 1024;
    /** Kafka's own default. */
    private static final int DEFAULT_BATCH_BYTES = 16 * 1024;
    private final MeridianProperties properties;

    public KafkaClients(MeridianProperties properties) {
        this.properties = properties;
    }

    /**
     * The producer of a publisher that waits for Kafka's acknowledgements once per unit of work: idempotent
     * ({@code acks=all}), lingering 20 ms. The publishers flush it when they wait ({@code OutboundRecords.await}), so
     * a unit of work's records leave in one request at its commit instead of in pieces as a 1 ms linger ran out while
     * they were made.
     */
    public KafkaProducer<String, String> flushedPublisher(String clientId) {
        // a request carries one batch per partition: an admission batch's domain events (one per pod, all on its
        // spread's partition) overflowed the default 16 kB and left in two requests; 64 kB holds them (256 kB did no
        // better, and every batch takes a buffer of that size from the producer's 32 MB pool)
        return producer(clientId, 20, PUBLISHER_BATCH_BYTES);
    }

    /** An idempotent producer ({@code acks=all}) for records sent one at a time and waited for (dead letters). */
    public KafkaProducer<String, String> idempotentProducer(String clientId) {
        return producer(clientId, 1, DEFAULT_BATCH_BYTES);
    }

    private KafkaProducer<String, String> producer(String clientId, int lingerMs, int batchBytes) {
        Map<String, Object> config = base(clientId);
        config.put("acks", "all");
        config.put("enable.idempotence", "true");
        config.put("linger.ms", Integer.toString(lingerMs));
        config.put("batch.size", Integer.toString(batchBytes));
        config.put("compression.type", Topics.COMPRESSION);
        config.put("max.request.size", Topics.MAX_RECORD_BYTES);
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }

    /** A consumer that only reads end offsets (read_uncommitted: the high watermark). */
    public KafkaConsumer<String, String> offsetReader(String clientId) {
        Map<String, Object> config = base(clientId);
        config.put("enable.auto.commit", "false");
        config.put("isolation.level", "read_uncommitted");
        return new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
    }

    /** A consumer; with {@code group} null it has no group (partitions are assigned, offsets not committed). */
    public KafkaConsumer<String, String> consumer(String clientId, String group) {
        Map<String, Object> config = base(clientId);
        config.put("enable.auto.commit", "false");
        config.put("auto.offset.reset", "earliest");
        config.put("isolation.level", "read_committed");
        if (group != null) {
            config.put("group.id", group);
        }
        return new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
    }

    private Map<String, Object> base(String clientId) {
        Map<String, Object> config = new HashMap<>();
        config.put("bootstrap.servers", properties.kafkaBootstrapServers());
        config.put("client.id", clientId);
        return config;
    }
}
