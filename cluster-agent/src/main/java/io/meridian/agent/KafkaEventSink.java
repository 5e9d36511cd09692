package io.meridian.agent;

import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes to {@code meridian.cluster-events} with an idempotent producer ({@code acks=all}), keyed by
 * {@code cluster/namespace/kind/name} so that everything about one object stays in order. What the broker
 * acknowledged and refused is counted in {@link #deliveries()}. The agents of one process (the standalone's
 * simulated clusters) can share one producer ({@link #sharing}): it batches all their events into one stream of
 * requests, where a producer each sent the broker a request for almost every event.
 */
public final class KafkaEventSink implements EventSink {
    private static final Logger log = LoggerFactory.getLogger(KafkaEventSink.class);
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(3);
    private final Producer<String, String> producer;
    private final boolean ownsProducer;
    private final Deliveries deliveries;

    public KafkaEventSink(String bootstrapServers) {
        this(bootstrapServers, Clock.systemUTC());
    }

    public KafkaEventSink(String bootstrapServers, Clock clock) {
        this(newProducer(bootstrapServers), true, clock);
    }

    private KafkaEventSink(Producer<String, String> producer, boolean ownsProducer, Clock clock) {
        this.producer = producer;
        this.ownsProducer = ownsProducer;
        this.deliveries = new Deliveries(clock);
    }

    /**
     * A sink publishing through a producer that other sinks use as well; it counts only its own deliveries, and
     * closing it leaves the producer to its owner.
     */
    public static KafkaEventSink sharing(Producer<String, String> producer, Clock clock) {
        return new KafkaEventSink(producer, false, clock);
    }

    /**
     * The producer a sink uses: idempotent, {@code acks=all}. Close it with {@link #close(Producer)}. It lingers 20 ms
     * (Kafka's default is 5): nothing waits on one cluster event that soon, and a burst of changes goes out in about
     * half as many produce requests (the broker appends and acknowledges once per request).
     */
    public static KafkaProducer<String, String> newProducer(String bootstrapServers) {
        return new KafkaProducer<>(Map.of("bootstrap.servers", bootstrapServers, "acks", "all",
                "enable.idempotence", "true", "linger.ms", "20", "compression.type", Topics.COMPRESSION,
                "max.request.size", Topics.MAX_RECORD_BYTES),
                new StringSerializer(), new StringSerializer());
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

    /** Closes its own producer ({@link #close(Producer)}); a shared one is left to its owner. */
    @Override
    public void close() {
        deliveries.recordClosed();
        if (ownsProducer) {
            close(producer);
        }
    }

    /**
     * Sends what is buffered, waiting at most {@link #CLOSE_TIMEOUT}: with Kafka gone, an unbounded close would keep
     * the process from ending (the producer retries its broker forever).
     */
    public static void close(Producer<String, String> producer) {
        producer.close(CLOSE_TIMEOUT);
    }
}
