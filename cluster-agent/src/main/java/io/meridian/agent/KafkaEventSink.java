package io.meridian.agent;

import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes to {@code meridian.cluster-events} with an idempotent producer ({@code acks=all}), keyed by
 * {@code cluster/namespace/kind/name} so that everything about one object stays in order. What the broker
 * acknowledged and refused is counted in {@link #deliveries()}.
 */
public final class KafkaEventSink implements EventSink {
    private static final Logger log = LoggerFactory.getLogger(KafkaEventSink.class);
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(3);
    private final KafkaProducer<String, String> producer;
    private final Deliveries deliveries;

    public KafkaEventSink(String bootstrapServers) {
        this(bootstrapServers, Clock.systemUTC());
    }

    public KafkaEventSink(String bootstrapServers, Clock clock) {
        this.producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrapServers, "acks", "all",
                "enable.idempotence", "true", "linger.ms", "5", "compression.type", Topics.COMPRESSION,
                "max.request.size", Topics.MAX_RECORD_BYTES),
                new StringSerializer(), new StringSerializer());
        this.deliveries = new Deliveries(clock);
    }

    @Override
    public void publish(ClusterEvent event) {
        producer.send(new ProducerRecord<>(Topics.CLUSTER_EVENTS, event.key(), MessageCodec.CLUSTER_EVENT.encode(event)),
                (metadata, error) -> {
                    if (error != null) {
                        deliveries.recordFailed(event.type(), error);
                        log.warn("cluster event {} not published: {}", event.key(), error.getMessage());
                    } else {
                        deliveries.recordAcknowledged(event.type());
                    }
                });
    }

    public Deliveries deliveries() {
        return deliveries;
    }

    /**
     * Sends what is buffered, waiting at most {@link #CLOSE_TIMEOUT}: with Kafka gone, an unbounded close would keep
     * the process from ending (the producer retries its broker forever).
     */
    @Override
    public void close() {
        deliveries.recordClosed();
        producer.close(CLOSE_TIMEOUT);
    }
}
