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
 * PostgreSQL's work by count: the transactions committed in each database, the checkpoints, and the rows inserted and
 * updated and the autovacuums and autoanalyzes of each table of the databases asked for (its cumulative statistics,
 * which each server process reports within about a second). Per admission or workload, like {@link KafkaRequests}, a
 * figure that does not move with the machine's speed; a vacuum or a checkpoint in a window is work on its cores that
 * no admission asked for.
 */
public final class PostgresActivity {
    /** Each row: what is counted, the table (empty for a database-wide count), the count. */
    private static final String SERVER_COUNTS = """
            select 'commits in ', datname, xact_commit from pg_stat_database where datname is not null
            union all select 'checkpoints', '', num_timed + num_requested from pg_stat_checkpointer""";
    private static final String TABLE_COUNTS = """
            select 'rows inserted in ', relname, n_tup_ins from pg_stat_user_tables
            union all select 'rows updated in ', relname, n_tup_upd from pg_stat_user_tables
            union all select 'autovacuums of ', relname, autovacuum_count from pg_stat_user_tables
            union all select 'autoanalyzes of ', relname, autoanalyze_count from pg_stat_user_tables""";
    private final Map<String, Long> counts;

    private PostgresActivity(Map<String, Long> counts) {
        this.counts = counts;
    }

    /**
     * The counts now, with the tables of {@code database} by their names and those of {@code others} as
     * {@code database.table}.
     */
    public static PostgresActivity take(PostgresServer postgres, String database, String... others) {
        Map<String, Long> counts = new TreeMap<>();
        read(postgres, database, SERVER_COUNTS + "\nunion all " + TABLE_COUNTS, "", counts);
        for (String other : others) {
            read(postgres, other, TABLE_COUNTS, other + ".", counts);
        }
        return new PostgresActivity(counts);
    }

    /** Reads {@code query}'s counts into {@code into}, each named by what it counts, {@code prefix} and its table. */
    private static void read(PostgresServer postgres, String database, String query, String prefix, Map<String, Long> into) {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(database), postgres.username(),
                postgres.password());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                into.put(rows.getString(1) + prefix + rows.getString(2), rows.getLong(3));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read PostgreSQL's statistics: " + e.getMessage(), e);
        }
    }

    /** One line per count that grew since {@code before}, in all and per {@code unit}; empty when none grew. */
    public String since(PostgresActivity before, String unit, long count) {
        return GrownCounts.lines("PostgreSQL (commits by database, checkpoints, rows, autovacuums and autoanalyzes by"
                + " table), in all and per " + unit + ":", counts, before.counts, count, 3);
    }
}
