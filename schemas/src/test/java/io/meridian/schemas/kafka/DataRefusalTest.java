package io.meridian.schemas.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DataRefusalTest {
    @Test
    void aDataExceptionIsARefusalInTheDatabasesWords() {
        SQLException nul = new SQLException("invalid byte sequence for encoding \"UTF8\": 0x00", "22021");

        assertThat(DataRefusal.of(new IllegalStateException("insert failed", nul)))
                .contains("SQLSTATE 22021: invalid byte sequence for encoding \"UTF8\": 0x00");
    }

    @Test
    void anIntegrityConstraintViolationIsARefusal() {
        assertThat(DataRefusal.of(new SQLException("null value in column \"type\"", "23502"))).isPresent();
    }

    @Test
    void aBatchIsJudgedByTheStatementThatFailedInIt() {
        BatchUpdateException batch = new BatchUpdateException("Batch entry 0 was aborted", "08006", new int[0]);
        batch.setNextException(new SQLException("value out of range", "22008"));

        assertThat(DataRefusal.of(batch)).contains("SQLSTATE 22008: value out of range");
    }

    @Test
    void aLostConnectionIsNotARefusal() {
        SQLException lost = new SQLException("An I/O error occurred while sending to the backend.", "08006");

        assertThat(DataRefusal.of(new IllegalStateException("no connection", lost))).isEmpty();
    }

    @Test
    void aMissingTableIsNotARefusal() {
        assertThat(DataRefusal.of(new SQLException("relation \"domain_event\" does not exist", "42P01"))).isEmpty();
    }

    @Test
    void aFailureWithoutAnSqlExceptionIsNotARefusal() {
        assertThat(DataRefusal.of(new IllegalStateException("timed out"))).isEmpty();
    }
}
