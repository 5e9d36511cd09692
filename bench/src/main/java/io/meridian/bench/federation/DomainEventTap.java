package io.meridian.bench.federation;

import io.meridian.schemas.Decoded;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads {@code meridian.domain-events} from the end as of {@link #start} (or from its start) and keeps the events a benchmark
 * waits for, each with the moment this process saw it.
 */
final class DomainEventTap implements AutoCloseable {

    record Seen(DomainEvent event, long seenNanos, long seenEpochMillis) {
        /** When the event occurred, on the {@link System#nanoTime()} scale. */
        long occurredNanos() {
            return seenNanos - (seenEpochMillis - event.occurredAt().toEpochMilli()) * 1_000_000L;
        }
    }

    private final KafkaConsumer<String, String> consumer;
    private final Predicate<DomainEvent> wanted;
    private final Queue<Seen> seen = new ConcurrentLinkedQueue<>();
    private final Thread reader;
    private volatile boolean running = true;

    private DomainEventTap(String bootstrap, Predicate<DomainEvent> wanted, boolean fromStart) {
        this.wanted = wanted;
        this.consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap, "enable.auto.commit", "false",
                "fetch.max.wait.ms", "50"), new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(Topics.DOMAIN_EVENTS).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
        consumer.assign(partitions);
        if (fromStart) {
            consumer.seekToBeginning(partitions);
        } else {
            consumer.seekToEnd(partitions);
        }
        partitions.forEach(consumer::position);
        this.reader = new Thread(this::read, "bench-domain-events");
        reader.setDaemon(true);
    }

    static DomainEventTap start(String bootstrap, Predicate<DomainEvent> wanted) {
        return start(bootstrap, wanted, false);
    }

    /** A tap that also reads every event published before (from the start of the topic). */
    static DomainEventTap fromStart(String bootstrap, Predicate<DomainEvent> wanted) {
        return start(bootstrap, wanted, true);
    }

    private static DomainEventTap start(String bootstrap, Predicate<DomainEvent> wanted, boolean fromStart) {
        DomainEventTap tap = new DomainEventTap(bootstrap, wanted, fromStart);
        tap.reader.start();
        return tap;
    }

    /** What was seen so far (the caller drains it). */
    Queue<Seen> seen() {
        return seen;
    }

    private void read() {
        try {
            while (running) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                    long now = System.nanoTime();
                    long wall = System.currentTimeMillis();
                    if (MessageCodec.DOMAIN_EVENT.decode(record.value()) instanceof Decoded.Accepted<DomainEvent> accepted
                            && wanted.test(accepted.message())) {
                        seen.add(new Seen(accepted.message(), now, wall));
                    }
                }
            }
        } catch (WakeupException stopping) {
            // close() woke the consumer
        } finally {
            consumer.close();
        }
    }

    @Override
    public void close() {
        running = false;
        ReaderThreads.stop(consumer, reader);
    }
}
