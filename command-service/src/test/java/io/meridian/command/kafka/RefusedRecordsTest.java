package io.meridian.command.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.axonframework.modelling.command.ConcurrencyException;
import org.junit.jupiter.api.Test;

class RefusedRecordsTest {
    private final RefusedRecords refused = new RefusedRecords();
    private final ConsumerRecord<String, String> record = new ConsumerRecord<>("meridian.mutation-results", 0, 41, "k", "v");
    private final ConsumerRecord<String, String> next = new ConsumerRecord<>("meridian.mutation-results", 0, 42, "k", "v");
    private final IllegalStateException refusal = new IllegalStateException("the aggregate refuses it");

    @Test
    void aRecordRefusedFiveTimesInARowIsSetAside() {
        for (int i = 1; i < RefusedRecords.ATTEMPTS; i++) {
            assertThat(refused.refusedForGood(record, refusal)).as("attempt " + i).isFalse();
        }

        assertThat(refused.refusedForGood(record, refusal)).isTrue();
    }

    @Test
    void aRecordThatFailsByAnOutageIsNeverSetAside() {
        RuntimeException lostDatabase = new RuntimeException("cannot append", new SQLException("connection refused", "08001"));

        for (int i = 0; i < 3 * RefusedRecords.ATTEMPTS; i++) {
            assertThat(refused.refusedForGood(record, lostDatabase)).isFalse();
        }
    }

    @Test
    void aConcurrentWriteToTheAggregateIsAnOutage() {
        assertThat(RefusedRecords.isOutage(new ConcurrencyException("another instance appended first"))).isTrue();
    }

    @Test
    void dataTheDatabaseRefusesIsARefusal() {
        assertThat(RefusedRecords.isOutage(new RuntimeException(new SQLException("value too long", "22001")))).isFalse();
    }

    @Test
    void anotherRecordStartsTheCountAgain() {
        for (int i = 1; i < RefusedRecords.ATTEMPTS; i++) {
            refused.refusedForGood(record, refusal);
        }

        assertThat(refused.refusedForGood(next, refusal)).isFalse();
    }

    @Test
    void aHandledRecordStartsTheCountAgain() {
        for (int i = 1; i < RefusedRecords.ATTEMPTS; i++) {
            refused.refusedForGood(record, refusal);
        }
        refused.handled();

        assertThat(refused.refusedForGood(record, refusal)).isFalse();
    }
}
