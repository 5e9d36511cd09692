package io.meridian.cli;

import io.meridian.embedded.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/**
 * PostgreSQL's work by count: the transactions committed in each database and the rows inserted and updated in each
 * table of one database (its cumulative statistics, which each server process reports within about a second). Per
 * admission or workload, like {@link KafkaRequests}, a figure that does not move with the machine's speed.
 */
public final class PostgresActivity {
    private static final String COUNTS = """
            select 'commits in ' || datname, xact_commit from pg_stat_database where datname is not null
            union all select 'rows inserted in ' || relname, n_tup_ins from pg_stat_user_tables
            union all select 'rows updated in ' || relname, n_tup_upd from pg_stat_user_tables""";
    private final Map<String, Long> counts;

    private PostgresActivity(Map<String, Long> counts) {
        this.counts = counts;
    }

    /** The counts now, the tables' those of {@code database}. */
    public static PostgresActivity take(PostgresServer postgres, String database) {
        Map<String, Long> counts = new TreeMap<>();
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(database), postgres.username(),
                postgres.password());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(COUNTS)) {
            while (rows.next()) {
                counts.put(rows.getString(1), rows.getLong(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read PostgreSQL's statistics: " + e.getMessage(), e);
        }
        return new PostgresActivity(counts);
    }

    /** One line per count that grew since {@code before}, in all and per {@code unit}; empty when none grew. */
    public String since(PostgresActivity before, String unit, long count) {
        return GrownCounts.lines("PostgreSQL (commits by database, rows by table), in all and per " + unit + ":",
                counts, before.counts, count, 3);
    }
}
