package io.meridian.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.IntSupplier;
import javax.sql.DataSource;

/** A real PostgreSQL 18 server in a child process on a loopback port, removed on close. */
public final class EmbeddedPostgresServer implements PostgresServer {
    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    static final int START_ATTEMPTS = 3;

    /** Starts an embedded server on one loopback port, in one process. */
    interface Starter {
        EmbeddedPostgres start(int port) throws IOException;
    }

    /**
     * Starts the server on a free loopback port. A port found free can be taken by another server of the same process
     * before PostgreSQL binds it (the server then never answers on it), so a failed start is retried on a fresh port.
     */
    public static EmbeddedPostgresServer start() {
        return start(FreePorts::next, port -> EmbeddedPostgres.builder()
                .setPort(port)
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("max_connections", "200")
                // each transaction's commit time, for the benchmarks' stages (pg_xact_commit_timestamp)
                .setServerConfig("track_commit_timestamp", "on")
                // zonky starts the server with fsync off (-F), so it cannot survive an OS crash or power loss, the only
                // failures a full-page image in the WAL repairs (a page half written to disk). Without the images the
                // WAL per admission is about a fifth smaller, and the event store's commits wait on WAL writes less
                // (docs/benchmarks.md, Issue 3, session 52). A server of its own (compose, k8s) keeps both on.
                .setServerConfig("full_page_writes", "off")
                // a fresh server has no old WAL segments to recycle, so it creates each new 16 MB segment, and by
                // default writes it full of zeros first while every commit waits: under the admission benchmark all
                // clients stalled 30-50 ms at each segment switch, every 2-3 s (docs/benchmarks.md, Issue 3, session
                // 54). Without the zeros the disk space is taken as the WAL is written, so a full disk fails a WAL
                // write instead of a segment's creation. A server of its own (compose, k8s) keeps the default: once it
                // has run through a few checkpoints it recycles old segments instead of creating new ones.
                .setServerConfig("wal_init_zero", "off")
                .start());
    }

    static EmbeddedPostgresServer start(IntSupplier freePorts, Starter starter) {
        IOException lastFailure = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            try {
                return new EmbeddedPostgresServer(starter.start(freePorts.getAsInt()));
            } catch (IOException e) {
                lastFailure = e;
            }
        }
        throw new UncheckedIOException("cannot start embedded PostgreSQL in " + START_ATTEMPTS + " attempts", lastFailure);
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
