package io.meridian.projection.kafka;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Tells a write the database refused for the data it was given from one it could not do at all. PostgreSQL refuses
 * data with an SQLSTATE of class 22 (data exception: a string holding a NUL character, a time out of range) or 23
 * (integrity constraint violation); writing that data again fails again. Anything else (no connection, a table
 * missing while a migration runs, a lock timeout) may pass on a later attempt.
 */
final class StoreRefusal {
    private StoreRefusal() {
    }

    /** The database's own words when the failure is a refusal of the data, else empty. */
    static Optional<String> of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql) {
                SQLException reported = first(sql);
                return refusesData(reported.getSQLState())
                        ? Optional.of("SQLSTATE " + reported.getSQLState() + ": " + reported.getMessage())
                        : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** A JDBC batch reports the statement's own failure as its next exception. */
    private static SQLException first(SQLException failure) {
        if (failure instanceof BatchUpdateException && failure.getNextException() != null) {
            return failure.getNextException();
        }
        return failure;
    }

    private static boolean refusesData(String sqlState) {
        return sqlState != null && (sqlState.startsWith("22") || sqlState.startsWith("23"));
    }
}
