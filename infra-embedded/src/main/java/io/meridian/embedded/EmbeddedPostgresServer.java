package io.meridian.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** A real PostgreSQL 18 server in a child process on a loopback port, removed on close. */
public final class EmbeddedPostgresServer implements PostgresServer {
    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    public static EmbeddedPostgresServer start() {
        try {
            return new EmbeddedPostgresServer(EmbeddedPostgres.builder()
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("max_connections", "200")
                    // each transaction's commit time, for the benchmarks' stages (pg_xact_commit_timestamp)
                    .setServerConfig("track_commit_timestamp", "on")
                    .start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start embedded PostgreSQL", e);
        }
    }

    /** Creates a database (if missing) and returns its JDBC URL. */
    public String createDatabase(String name) {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement st = c.createStatement()) {
            var rs = st.executeQuery("select 1 from pg_database where datname = '" + name.replace("'", "''") + "'");
            if (!rs.next()) {
                st.execute("create database \"" + name.replace("\"", "") + "\"");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name, e);
        }
        return jdbcUrl(name);
    }

    public String jdbcUrl(String database) {
        return postgres.getJdbcUrl("postgres", database);
    }

    public String username() {
        return "postgres";
    }

    public String password() {
        return "postgres";
    }

    public DataSource dataSource(String database) {
        return postgres.getDatabase("postgres", database);
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
