package io.meridian.bench.federation;

import io.meridian.schemas.Decoded;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads {@code meridian.domain-events} from the end as of {@link #start} (or from its start) and keeps the events a benchmark
 * waits for, each with the moment this process saw it. Only records whose text names one of the wanted types are
 * decoded: the tap runs inside the measured window, and decoding (and validating) every domain event of a rebalance
 * cost 1.5 % of its CPU, three times what the events it keeps need.
 */
final class DomainEventTap implements AutoCloseable {

    record Seen(DomainEvent event, long seenNanos, long seenEpochMillis) {
        /** When the event occurred, on the {@link System#nanoTime()} scale. */
        long occurredNanos() {
            return seenNanos - (seenEpochMillis - event.occurredAt().toEpochMilli()) * 1_000_000L;
        }
    }

    private final KafkaConsumer<String, String> consumer;
    private final List<String> typeMarkers;
    private final Predicate<DomainEvent> wanted;
    private final Queue<Seen> seen = new ConcurrentLinkedQueue<>();
    private final Thread reader;
    private volatile boolean running = true;

    private DomainEventTap(String bootstrap, Set<String> types, Predicate<DomainEvent> wanted, boolean fromStart) {
        this.typeMarkers = markers(types);
        this.wanted = e -> types.contains(e.type()) && wanted.test(e);
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

    /** A tap of the events of these types that {@code wanted} accepts. */
    static DomainEventTap start(String bootstrap, Set<String> types, Predicate<DomainEvent> wanted) {
        return start(bootstrap, types, wanted, false);
    }

    /** A tap of every event of one type. */
    static DomainEventTap start(String bootstrap, String type) {
        return start(bootstrap, Set.of(type), e -> true, false);
    }

    /** A tap of one type that also reads every event published before (from the start of the topic). */
    static DomainEventTap fromStart(String bootstrap, String type) {
        return start(bootstrap, Set.of(type), e -> true, true);
    }

    private static DomainEventTap start(String bootstrap, Set<String> types, Predicate<DomainEvent> wanted,
                                        boolean fromStart) {
        DomainEventTap tap = new DomainEventTap(bootstrap, types, wanted, fromStart);
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
                    if (namesOneOf(record.value(), typeMarkers)
                            && MessageCodec.DOMAIN_EVENT.decode(record.value()) instanceof Decoded.Accepted<DomainEvent> accepted
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

    /** What the codec writes (compact JSON) for an event of each type: {@code "type":"T"}. */
    static List<String> markers(Set<String> types) {
        return types.stream().map(type -> "\"type\":\"" + type + "\"").toList();
    }

    /** Whether a record's text holds one of the markers. */
    static boolean namesOneOf(String value, List<String> markers) {
        if (value == null) {
            return false;
        }
        for (String marker : markers) {
            if (value.contains(marker)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        running = false;
        ReaderThreads.stop(consumer, reader);
    }
}
