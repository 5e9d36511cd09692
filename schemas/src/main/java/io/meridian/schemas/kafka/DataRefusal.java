package io.meridian.schemas.kafka;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Tells a write the database refused for the data it was given from one it could not do at all, for a consumer that
 * must not hold its partition on a record that fails every time. PostgreSQL refuses data with an SQLSTATE of class 22
 * (data exception: a string holding a NUL character, a time out of range) or 23 (integrity constraint violation);
 * writing that data again fails again. Anything else (no connection, a table missing while a migration runs, a lock
 * timeout) may pass on a later attempt.
 */
public final class DataRefusal {
    private DataRefusal() {
    }

    /** The database's own words when the failure is a refusal of the data, else empty. */
    public static Optional<String> of(Throwable failure) {
        return sqlCause(failure).filter(DataRefusal::refusesData)
                .map(sql -> "SQLSTATE " + sql.getSQLState() + ": " + sql.getMessage());
    }

    /** The first SQL failure in the chain of causes; of a JDBC batch, the statement's own, which it reports as next. */
    public static Optional<SQLException> sqlCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof BatchUpdateException batch && batch.getNextException() != null) {
                return Optional.of(batch.getNextException());
            }
            if (cause instanceof SQLException sql) {
                return Optional.of(sql);
            }
        }
        return Optional.empty();
    }

    public static boolean refusesData(SQLException failure) {
        String state = failure.getSQLState();
        return state != null && (state.startsWith("22") || state.startsWith("23"));
    }
}
