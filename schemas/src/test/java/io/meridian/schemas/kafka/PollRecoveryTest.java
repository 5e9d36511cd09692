package io.meridian.schemas.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.junit.jupiter.api.Test;

class PollRecoveryTest {
    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);

    private final MockConsumer<String, String> consumer = new MockConsumer<>("earliest");
    private final List<Duration> waits = new ArrayList<>();
    private final PollRecovery recovery = new PollRecovery("test loop", waits::add);
    private final List<String> handled = new ArrayList<>();
    /** What the partitions hold; the mock forgets what it returned, so each poll is offered all of it again. */
    private final List<ConsumerRecord<String, String>> log = new ArrayList<>();

    PollRecoveryTest() {
        consumer.assign(List.of(P0, P1));
        consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
    }

    @Test
    void aRecordWhoseHandlingFailedIsPolledAgainAndTheOnesBeforeItAreNot() {
        records(P0, 0, 4);
        recovery.attempt(consumer, () -> turn(record -> record.offset() == 2));

        recovery.attempt(consumer, () -> turn(record -> false));

        assertThat(handled).containsExactly("t-0@0", "t-0@1", "t-0@2", "t-0@3");
    }

    @Test
    void aPartitionTheFailedTurnDidNotReachIsPolledAgainFromItsFirstRecord() {
        records(P0, 0, 2);
        records(P1, 0, 2);
        recovery.attempt(consumer, () -> turn(record -> true));

        recovery.attempt(consumer, () -> turn(record -> false));

        assertThat(handled).containsExactlyInAnyOrder("t-0@0", "t-0@1", "t-1@0", "t-1@1");
    }

    @Test
    void aFailureAfterTheBatchWasHandledPollsNothingAgain() {
        records(P0, 0, 2);
        recovery.attempt(consumer, () -> {
            turn(record -> false);
            throw new TimeoutException("Timeout of 60000ms expired before successfully committing offsets");
        });
        records(P0, 2, 3);

        recovery.attempt(consumer, () -> turn(record -> false));

        assertThat(handled).containsExactly("t-0@0", "t-0@1", "t-0@2");
    }

    @Test
    void aBatchStoredAsAWholeIsNotPolledAgainAfterALaterFailure() {
        records(P0, 0, 2);
        recovery.attempt(consumer, () -> {
            ConsumerRecords<String, String> records = poll();
            recovery.polled(records);
            records.forEach(record -> handled.add(name(record)));
            recovery.handledAll();
            throw new TimeoutException("commit");
        });

        recovery.attempt(consumer, () -> turn(record -> false));

        assertThat(handled).containsExactly("t-0@0", "t-0@1");
    }

    @Test
    void theWaitDoublesWithEachFailureInARowUpToItsLongest() {
        for (int i = 0; i < 8; i++) {
            recovery.attempt(consumer, () -> {
                throw new TimeoutException("poll");
            });
        }

        assertThat(waits).extracting(Duration::toMillis)
                .containsExactly(200L, 400L, 800L, 1_600L, 3_200L, 6_400L, 10_000L, 10_000L);
    }

    @Test
    void aTurnThatSucceedsStartsTheWaitsAgainFromTheFirst() {
        recovery.attempt(consumer, () -> {
            throw new TimeoutException("poll");
        });
        recovery.attempt(consumer, () -> {
            throw new TimeoutException("poll");
        });
        recovery.attempt(consumer, () -> { });
        recovery.attempt(consumer, () -> {
            throw new TimeoutException("poll");
        });

        assertThat(waits).extracting(Duration::toMillis).containsExactly(200L, 400L, 200L);
    }

    @Test
    void aWakeupEndsTheLoopInsteadOfBeingRecoveredFrom() {
        assertThatThrownBy(() -> recovery.attempt(consumer, () -> {
            throw new WakeupException();
        })).isInstanceOf(WakeupException.class);
        assertThat(waits).isEmpty();
    }

    @Test
    void aStoppingLoopDoesNotWaitOutItsBackoff() {
        PollRecovery stopping = new PollRecovery("test loop", () -> false);
        long started = System.nanoTime();
        for (int i = 0; i < 8; i++) {
            stopping.attempt(consumer, () -> {
                throw new TimeoutException("poll");
            });
        }

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    /** Polls once and handles each record, failing at the first for which {@code fails} holds. */
    private void turn(java.util.function.Predicate<ConsumerRecord<String, String>> fails) {
        ConsumerRecords<String, String> records = poll();
        recovery.polled(records);
        for (ConsumerRecord<String, String> record : records) {
            if (fails.test(record)) {
                throw new IllegalStateException("store refused " + name(record));
            }
            handled.add(name(record));
            recovery.handled(record);
        }
    }

    private ConsumerRecords<String, String> poll() {
        log.forEach(consumer::addRecord);
        return consumer.poll(Duration.ZERO);
    }

    private void records(TopicPartition partition, long from, long to) {
        for (long offset = from; offset < to; offset++) {
            log.add(new ConsumerRecord<>(partition.topic(), partition.partition(), offset, "k", "v" + offset));
        }
    }

    private static String name(ConsumerRecord<?, ?> record) {
        return record.topic() + "-" + record.partition() + "@" + record.offset();
    }
}
