package io.meridian.projection.kafka;

import io.meridian.projection.decisions.DomainEventStore;
import io.meridian.projection.placements.PlacementStore;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import io.meridian.schemas.kafka.DataRefusal;
import io.meridian.schemas.kafka.DeadLetters;
import io.meridian.schemas.kafka.PollRecovery;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Projects {@code meridian.domain-events} into PostgreSQL: every event into the decision history, the
 * WorkloadSpread events also into the current pod placements. The offset of each partition is stored in
 * the same transaction as the rows, and reading resumes from there: nothing is lost or counted twice.
 * A poll's events are inserted in one JDBC batch and each partition's offset is stored once per poll.
 * A record that cannot be decoded goes to the {@code .dlq} topic with the reason, then counts as done; so does one
 * whose data the database refuses ({@link DataRefusal}: it would be refused on every attempt). When Kafka or
 * PostgreSQL is out of reach for a while, the poll is projected again once they answer ({@link PollRecovery}); a
 * record this process moved to the {@code .dlq} is not moved again.
 * <p>
 * A projection's transaction does not wait for PostgreSQL to flush it to disk ({@code synchronous_commit off} for that
 * transaction, unless {@code meridian.projection.synchronous-commit} is true). The projection is derived from Kafka: a
 * database crash loses at most its last few hundred milliseconds of commits, rows and stored offsets together, and
 * those events are read from Kafka and projected again. The command-service's event store commits stay synchronous.
 */
@Component
public class DomainEventProjector implements SmartLifecycle {
    private static final Logger log = LoggerFactory.getLogger(DomainEventProjector.class);
    private static final String TOPIC = Topics.DOMAIN_EVENTS;

    private final ProjectionKafkaProperties kafka;
    private final DomainEventStore store;
    private final PlacementStore placements;
    private final TransactionTemplate transactions;
    /** False: a projection's commit does not wait for the disk (see the class comment). */
    private final boolean synchronousCommit;
    private volatile KafkaConsumer<String, String> consumer;
    private volatile Thread worker;
    private volatile boolean running;
    /** Per partition, the last record this process decoded, having moved it to the .dlq if it did not decode. */
    private final Map<TopicPartition, Long> decodedThrough = new HashMap<>();

    public DomainEventProjector(ProjectionKafkaProperties kafka, DomainEventStore store, PlacementStore placements,
                                TransactionTemplate transactions,
                                @Value("${meridian.projection.synchronous-commit:false}") boolean synchronousCommit) {
        this.kafka = kafka;
        this.synchronousCommit = synchronousCommit;
        this.store = store;
        this.placements = placements;
        this.transactions = transactions;
    }

    @Override
    public void start() {
        consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", kafka.bootstrapServers(),
                "group.id", kafka.consumerName(), "enable.auto.commit", "false",
                "auto.offset.reset", "earliest", "isolation.level", "read_committed",
                "fetch.min.bytes", kafka.fetchMinBytes(), "fetch.max.wait.ms", (int) kafka.fetchWait().toMillis()),
                new StringDeserializer(), new StringDeserializer());
        running = true;
        worker = new Thread(this::run, "domain-event-projector");
        worker.start();
    }

    private void run() {
        try (KafkaProducer<String, String> deadLetters = deadLetterProducer()) {
            consumer.subscribe(List.of(TOPIC), new ResumeFromStoredOffsets());
            PollRecovery recovery = new PollRecovery("domain event projection", this::keepsRunning);
            while (keepsRunning()) {
                recovery.attempt(consumer, () -> projectOnce(deadLetters, recovery));
            }
        } catch (WakeupException stopping) {
            // stop() woke the consumer up
        } catch (RuntimeException e) {
            log.error("domain event projection stopped", e);
        } finally {
            consumer.close();
        }
    }

    private boolean keepsRunning() {
        return running && !Thread.currentThread().isInterrupted();
    }

    /** One poll, projected in one transaction; a failure reads the whole poll again. */
    private void projectOnce(KafkaProducer<String, String> deadLetters, PollRecovery recovery) {
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(500));
        recovery.polled(records);
        if (!records.isEmpty()) {
            project(records, deadLetters, recovery);
        }
        recovery.handledAll();
    }

    private void project(ConsumerRecords<String, String> records, KafkaProducer<String, String> deadLetters,
                         PollRecovery recovery) {
        List<Decoded<DomainEvent>> decoded = decodeAll(records, deadLetters);
        Map<Integer, Long> nextOffsets = new TreeMap<>();
        for (ConsumerRecord<String, String> record : records) {
            nextOffsets.merge(record.partition(), record.offset() + 1, Math::max);
        }
        try {
            store(accepted(decoded), nextOffsets);
        } catch (RuntimeException failure) {
            if (DataRefusal.of(failure).isEmpty()) {
                throw failure;
            }
            log.warn("the database refused part of a poll of {} records; projecting them one at a time: {}", records.count(),
                    failure.toString());
            projectOneAtATime(records, decoded, deadLetters, recovery);
        }
    }

    /**
     * Every record decoded, in order; one that does not decode goes to the .dlq with the reason, once: a poll read
     * again after a failure does not move it again.
     */
    private List<Decoded<DomainEvent>> decodeAll(ConsumerRecords<String, String> records,
                                                 KafkaProducer<String, String> deadLetters) {
        List<Decoded<DomainEvent>> decoded = new ArrayList<>();
        for (ConsumerRecord<String, String> record : records) {
            Decoded<DomainEvent> message = MessageCodec.DOMAIN_EVENT.decode(record.value());
            TopicPartition partition = new TopicPartition(record.topic(), record.partition());
            boolean decodedBefore = record.offset() <= decodedThrough.getOrDefault(partition, -1L);
            if (message instanceof Decoded.Rejected<DomainEvent> rejected && !decodedBefore) {
                DeadLetters.send(deadLetters, record, rejected.reason());
            }
            decodedThrough.merge(partition, record.offset(), Math::max);
            decoded.add(message);
        }
        return decoded;
    }

    private static List<DomainEvent> accepted(List<Decoded<DomainEvent>> decoded) {
        List<DomainEvent> accepted = new ArrayList<>();
        for (Decoded<DomainEvent> message : decoded) {
            if (message instanceof Decoded.Accepted<DomainEvent> a) {
                accepted.add(a.message());
            }
        }
        return accepted;
    }

    /** The events and the offsets after them in one transaction: the history, the placements, where reading resumes. */
    private void store(List<DomainEvent> events, Map<Integer, Long> nextOffsets) {
        transactions.executeWithoutResult(status -> {
            if (!synchronousCommit) {
                store.commitWithoutWaitingForTheDisk();
            }
            boolean[] inserted = store.insertAll(events);
            List<DomainEvent> fresh = new ArrayList<>(events.size());
            for (int i = 0; i < events.size(); i++) {
                if (inserted[i]) {
                    fresh.add(events.get(i));
                }
            }
            placements.applyAll(fresh);
            nextOffsets.forEach((partition, next) -> store.storeOffset(kafka.consumerName(), TOPIC, partition, next));
        });
    }

    /**
     * Each record in its own transaction, so that the one whose data the database refuses (it would be refused on
     * every attempt, and hold its partition for good) goes to the .dlq with the database's reason, and the others are
     * projected. A failure that is not a refusal is thrown on, and the poll is read again from the first record not
     * committed yet: one already moved to the .dlq is not moved again.
     */
    private void projectOneAtATime(ConsumerRecords<String, String> records, List<Decoded<DomainEvent>> decoded,
                                   KafkaProducer<String, String> deadLetters, PollRecovery recovery) {
        int i = 0;
        for (ConsumerRecord<String, String> record : records) {
            Map<Integer, Long> nextOffset = Map.of(record.partition(), record.offset() + 1);
            List<DomainEvent> event = decoded.get(i++) instanceof Decoded.Accepted<DomainEvent> a ? List.of(a.message()) : List.of();
            try {
                store(event, nextOffset);
            } catch (RuntimeException failure) {
                String refusal = DataRefusal.of(failure).orElseThrow(() -> failure);
                log.warn("domain event at {}-{} offset {} refused by the database, moved to the .dlq: {}", record.topic(),
                        record.partition(), record.offset(), refusal);
                DeadLetters.send(deadLetters, record, "refused by the projection's database: " + refusal);
                store(List.of(), nextOffset);
            }
            recovery.handled(record);
        }
    }

    private KafkaProducer<String, String> deadLetterProducer() {
        return new KafkaProducer<>(Map.of("bootstrap.servers", kafka.bootstrapServers(), "acks", "all",
                "enable.idempotence", "true", "compression.type", Topics.COMPRESSION, "max.request.size", Topics.MAX_RECORD_BYTES),
                new StringSerializer(), new StringSerializer());
    }

    /** Seeks every newly assigned partition to the offset stored with the rows. */
    private final class ResumeFromStoredOffsets implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            Map<Integer, Long> stored = store.offsets(kafka.consumerName(), TOPIC);
            for (TopicPartition partition : partitions) {
                Long next = stored.get(partition.partition());
                if (next != null) {
                    consumer.seek(partition, next);
                }
            }
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            // offsets are already durable with the rows
        }
    }

    @Override
    public void stop() {
        running = false;
        if (consumer != null) {
            consumer.wakeup();
        }
        if (worker != null) {
            try {
                worker.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return worker != null && worker.isAlive();
    }
}
