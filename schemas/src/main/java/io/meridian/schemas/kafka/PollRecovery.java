package io.meridian.schemas.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a consumer's poll loop going through the failures it can outlive: Kafka out of reach for a while (a poll or
 * an offset commit that timed out), a store that refused a write. Each turn of the loop runs through
 * {@link #attempt}, telling which records it took ({@link #polled}) and which it has handled ({@link #handled}). When
 * a turn fails, every partition of its batch is moved back to its first record not handled, so nothing is skipped and
 * nothing handled is handled again, and the loop waits before it polls again: {@link #FIRST_WAIT} after a first
 * failure, twice as long after each further one in a row, at most {@link #LONGEST_WAIT}. A wakeup or an interrupt
 * (the consumer is being stopped) is not recovered from: it is thrown on, and ends the loop.
 */
public final class PollRecovery {
    static final Duration FIRST_WAIT = Duration.ofMillis(200);
    static final Duration LONGEST_WAIT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(PollRecovery.class);
    private static final long SLICE_MS = 50;

    /** Waits between failed turns; the default sleeps in short slices and stops early once the loop is stopping. */
    public interface Waiter {
        void await(Duration wait) throws InterruptedException;
    }

    private final String loop;
    private final Waiter waiter;
    /** Per partition of the current batch, the next record to handle. */
    private final Map<TopicPartition, Long> next = new HashMap<>();
    private int failuresInARow;

    /**
     * @param loop    what the loop does, for the log ({@code "cluster events consumer"})
     * @param running false once the loop is being stopped: a wait then ends at once
     */
    public PollRecovery(String loop, BooleanSupplier running) {
        this(loop, wait -> sleepWhile(running, wait));
    }

    public PollRecovery(String loop, Waiter waiter) {
        this.loop = loop;
        this.waiter = waiter;
    }

    /** Runs one turn of the loop; a failure is recovered from as the class says, a stop is thrown on. */
    public void attempt(Consumer<?, ?> consumer, Runnable turn) {
        try {
            turn.run();
            failuresInARow = 0;
        } catch (WakeupException | InterruptException stopping) {
            throw stopping;
        } catch (RuntimeException failure) {
            recover(consumer, failure);
        }
    }

    /** The turn's batch: until handled, each of its partitions goes back to its first record after a failure. */
    public void polled(ConsumerRecords<?, ?> records) {
        next.clear();
        for (TopicPartition partition : records.partitions()) {
            next.put(partition, records.records(partition).get(0).offset());
        }
    }

    public void handled(ConsumerRecord<?, ?> record) {
        next.put(new TopicPartition(record.topic(), record.partition()), record.offset() + 1);
    }

    /** The whole batch is handled (stored in one transaction, say): a failure after this rewinds nothing. */
    public void handledAll() {
        next.clear();
    }

    private void recover(Consumer<?, ?> consumer, RuntimeException failure) {
        rewind(consumer);
        Duration wait = nextWait();
        log.warn("{} failed, polling again in {} ms (failure {} in a row): {}", loop, wait.toMillis(), failuresInARow,
                failure.toString());
        try {
            waiter.await(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void rewind(Consumer<?, ?> consumer) {
        Set<TopicPartition> assigned = consumer.assignment();
        next.forEach((partition, offset) -> {
            if (assigned.contains(partition)) {
                consumer.seek(partition, offset);
            }
        });
        next.clear();
    }

    private Duration nextWait() {
        failuresInARow++;
        long millis = FIRST_WAIT.toMillis() << Math.min(failuresInARow - 1, 16);
        return Duration.ofMillis(Math.min(millis, LONGEST_WAIT.toMillis()));
    }

    private static void sleepWhile(BooleanSupplier running, Duration wait) throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        while (running.getAsBoolean() && System.nanoTime() < until) {
            Thread.sleep(Math.min(SLICE_MS, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
        }
    }
}
