package io.meridian.embedded;

import javax.sql.DataSource;

/** A PostgreSQL server the tests talk to: in a child process or in a container. */
public interface PostgresServer extends AutoCloseable {
    /** Creates a database (if missing) and returns its JDBC URL. */
    String createDatabase(String name);

    String jdbcUrl(String database);

    String username();

    String password();

    DataSource dataSource(String database);

    @Override
    void close();
}
