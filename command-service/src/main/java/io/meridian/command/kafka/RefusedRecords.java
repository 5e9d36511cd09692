package io.meridian.command.kafka;

import io.meridian.schemas.kafka.DataRefusal;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.RetriableException;
import org.axonframework.common.AxonTransientException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells a consumer when a record whose handling keeps failing is to be set aside (moved to the .dlq) instead of holding
 * its partition for good: after {@link #ATTEMPTS} failures in a row of that record, none of them an outage. An outage
 * (the database, the event store or Kafka out of reach, a lock that timed out) may pass, so it never sets a record
 * aside (a database's refusal of the data, {@link DataRefusal}, is not an outage): the consumer waits it out. Anything else (an aggregate that refuses the command, a bug) fails again on every
 * attempt. One consumer thread uses one instance.
 */
public final class RefusedRecords {
    public static final int ATTEMPTS = 5;

    private String failing;
    private int failures;

    /** After {@code record}'s handling failed: whether to set it aside now. */
    public boolean refusedForGood(ConsumerRecord<?, ?> record, RuntimeException failure) {
        if (isOutage(failure)) {
            return false;
        }
        String id = record.topic() + "-" + record.partition() + "@" + record.offset();
        failures = id.equals(failing) ? failures + 1 : 1;
        failing = id;
        return failures >= ATTEMPTS;
    }

    /** A record was handled (or set aside): the count starts again. */
    public void handled() {
        failing = null;
        failures = 0;
    }

    static boolean isOutage(Throwable failure) {
        Optional<SQLException> sql = DataRefusal.sqlCause(failure);
        if (sql.isPresent()) {
            return !DataRefusal.refusesData(sql.get());
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException || cause instanceof TimeoutException || cause instanceof RetriableException
                    || cause instanceof AxonTransientException || cause instanceof TransientDataAccessException
                    || cause instanceof RecoverableDataAccessException || cause instanceof DataAccessResourceFailureException
                    || cause instanceof CannotCreateTransactionException) {
                return true;
            }
        }
        return false;
    }
}
