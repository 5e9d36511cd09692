package io.meridian.command.kafka;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The offsets a consumer loop has handled, committed at most once per interval rather than after every poll, and
 * on demand when the loop ends or (as the consumer's rebalance listener) gives partitions up. Only whole batches the
 * loop reported handled are committed, never the consumer's position beyond them.
 *
 * <p>Why: under load a poll returns a few records, and a synchronous commit after each poll was a round trip to the
 * group coordinator and an append to {@code __consumer_offsets} per poll, about 3,000 of them in a full-size
 * rebalance (docs/benchmarks.md, Issue 4, session 34). What a crash loses is the last interval's commits: those
 * records are read and handled again, which every loop using this tolerates (their commands are idempotent), as
 * Kafka's own auto-commit would have them (every 5 s by default).
 */
public final class PacedCommits implements ConsumerRebalanceListener {
    private static final Logger log = LoggerFactory.getLogger(PacedCommits.class);
    /** How long handled offsets may wait for their commit. */
    public static final Duration INTERVAL = Duration.ofSeconds(1);

    private final Consumer<?, ?> consumer;
    private final Clock clock;
    private final Duration interval;
    private final Map<TopicPartition, OffsetAndMetadata> waiting = new HashMap<>();
    private Instant lastCommit;

    public PacedCommits(Consumer<?, ?> consumer, Clock clock, Duration interval) {
        if (interval.isNegative()) {
            throw new IllegalArgumentException("commit interval must not be negative, got " + interval);
        }
        this.consumer = consumer;
        this.clock = clock;
        this.interval = interval;
        this.lastCommit = clock.instant();
    }

    /** Every record of {@code batch} was handled: remembered, and committed with the others once the interval passed. */
    public void handled(ConsumerRecords<?, ?> batch) {
        for (TopicPartition partition : batch.partitions()) {
            List<? extends ConsumerRecord<?, ?>> records = batch.records(partition);
            waiting.put(partition, new OffsetAndMetadata(records.get(records.size() - 1).offset() + 1));
        }
        if (!waiting.isEmpty() && !clock.instant().isBefore(lastCommit.plus(interval))) {
            commit();
        }
    }

    /** Commits every handled offset not committed yet; one that fails stays to be committed next time. */
    public void commit() {
        if (waiting.isEmpty()) {
            return;
        }
        consumer.commitSync(waiting);
        waiting.clear();
        lastCommit = clock.instant();
    }

    /**
     * On the loop's way out: what fails to commit is only logged, since those records are then handled again by
     * whoever reads the partition next.
     *
     * @param loop what the loop does, for the log ({@code "cluster events"})
     */
    public void commitLeaving(String loop) {
        try {
            commit();
        } catch (RuntimeException e) {
            log.info("{}: the last handled offsets were not committed ({})", loop, e.toString());
        }
    }

    /** Commits the handled offsets of {@code partitions} now: they are being taken away from this consumer. */
    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> leaving = new HashMap<>();
        for (TopicPartition partition : partitions) {
            OffsetAndMetadata offset = waiting.get(partition);
            if (offset != null) {
                leaving.put(partition, offset);
            }
        }
        if (!leaving.isEmpty()) {
            consumer.commitSync(leaving);
            leaving.keySet().forEach(waiting::remove);
        }
    }

    /** Drops the handled offsets of {@code partitions} uncommitted: lost to another consumer, no longer ours to commit. */
    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        partitions.forEach(waiting::remove);
    }

    /** Nothing to restore: the group's committed offsets are where the loop goes on. */
    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
    }

    /** Partitions with handled offsets not committed yet. */
    public int waiting() {
        return waiting.size();
    }
}
