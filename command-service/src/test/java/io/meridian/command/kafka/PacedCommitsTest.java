package io.meridian.command.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

class PacedCommitsTest {
    private static final TopicPartition P0 = new TopicPartition("meridian.mutation-results", 0);
    private static final TopicPartition P1 = new TopicPartition("meridian.mutation-results", 1);

    private final MutableClock clock = MutableClock.of(Instant.parse("2026-11-28T05:00:00Z"), ZoneOffset.UTC);
    private final FailingOnceConsumer consumer = new FailingOnceConsumer();
    private final PacedCommits commits = new PacedCommits(consumer, clock, Duration.ofSeconds(1));

    @BeforeEach
    void assign() {
        consumer.assign(List.of(P0, P1));
    }

    @Test
    void aBatchHandledBeforeTheIntervalPassedIsNotCommittedYet() {
        commits.handled(batch(P0, 0, 5));

        assertThat(committed(P0)).isNull();
        assertThat(commits.waiting()).isEqualTo(1);
    }

    @Test
    void theBatchesHandledMeanwhileAreCommittedTogetherOnceTheIntervalPassed() {
        commits.handled(batch(P0, 0, 5));
        clock.add(Duration.ofMillis(600));
        commits.handled(batch(P1, 0, 2));
        clock.add(Duration.ofMillis(400));
        commits.handled(batch(P0, 5, 3));

        assertThat(committed(P0)).isEqualTo(8);
        assertThat(committed(P1)).isEqualTo(2);
        assertThat(commits.waiting()).isZero();
    }

    @Test
    void theNextIntervalCountsFromTheLastCommit() {
        clock.add(Duration.ofSeconds(1));
        commits.handled(batch(P0, 0, 1));
        clock.add(Duration.ofMillis(999));
        commits.handled(batch(P0, 1, 1));

        assertThat(committed(P0)).isEqualTo(1);
    }

    @Test
    void aCommitOnDemandTakesOnlyWhatWasReportedHandled() {
        consumer.seek(P0, 50); // polled further than the loop got before it was stopped
        commits.handled(batch(P0, 0, 5));

        commits.commit();

        assertThat(committed(P0)).isEqualTo(5);
    }

    @Test
    void partitionsTakenAwayAreCommittedAndTheOthersStayWaiting() {
        commits.handled(batch(P0, 0, 5));
        commits.handled(batch(P1, 0, 3));

        commits.onPartitionsRevoked(List.of(P0));

        assertThat(committed(P0)).isEqualTo(5);
        assertThat(committed(P1)).isNull();
        assertThat(commits.waiting()).isEqualTo(1);
    }

    @Test
    void lostPartitionsAreForgottenUncommitted() {
        commits.handled(batch(P0, 0, 5));
        commits.handled(batch(P1, 0, 3));

        commits.onPartitionsLost(List.of(P0));
        commits.commit();

        assertThat(committed(P0)).isNull();
        assertThat(committed(P1)).isEqualTo(3);
    }

    @Test
    void offsetsWhoseCommitFailedAreCommittedNextTime() {
        commits.handled(batch(P0, 0, 5));
        consumer.failNextCommit();

        assertThatThrownBy(commits::commit).isInstanceOf(KafkaException.class);
        commits.commit();

        assertThat(committed(P0)).isEqualTo(5);
    }

    @Test
    void aNegativeIntervalIsRefused() {
        assertThatThrownBy(() -> new PacedCommits(consumer, clock, Duration.ofMillis(-1)))
                .hasMessage("commit interval must not be negative, got PT-0.001S");
    }

    private Long committed(TopicPartition partition) {
        OffsetAndMetadata offset = consumer.committed(Set.of(partition)).get(partition);
        return offset == null ? null : offset.offset();
    }

    private static ConsumerRecords<String, String> batch(TopicPartition partition, long first, int count) {
        List<ConsumerRecord<String, String>> records = LongStream.range(first, first + count)
                .mapToObj(offset -> new ConsumerRecord<>(partition.topic(), partition.partition(), offset, "k", "v"))
                .toList();
        return new ConsumerRecords<>(Map.of(partition, records), Map.of());
    }

    private static final class FailingOnceConsumer extends MockConsumer<String, String> {
        private boolean failNext;

        FailingOnceConsumer() {
            super("earliest");
        }

        void failNextCommit() {
            failNext = true;
        }

        @Override
        public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
            if (failNext) {
                failNext = false;
                throw new KafkaException("the group coordinator is out of reach");
            }
            super.commitSync(offsets);
        }
    }
}
