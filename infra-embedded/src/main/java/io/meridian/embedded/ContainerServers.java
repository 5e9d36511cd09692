package io.meridian.embedded;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** Kafka (KRaft) and PostgreSQL in containers, behind the same interfaces as the in-process servers. */
final class ContainerServers {
    private ContainerServers() {
    }

    static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    static KafkaBroker kafka(String image) {
        KafkaContainer container = new KafkaContainer(image)
                .withEnv("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "false");
        container.start();
        return new KafkaBroker() {
            @Override
            public String bootstrapServers() {
                return container.getBootstrapServers();
            }

            @Override
            public void close() {
                container.stop();
            }
        };
    }

    static PostgresServer postgres(String image) {
        PostgreSQLContainer container = new PostgreSQLContainer(image)
                .withCommand("postgres", "-c", "synchronous_commit=on", "-c", "max_connections=200");
        container.start();
        return new ContainerPostgres(container);
    }

    private record ContainerPostgres(PostgreSQLContainer container) implements PostgresServer {
        @Override
        public String createDatabase(String name) {
            try (Connection c = dataSource(container.getDatabaseName()).getConnection(); Statement st = c.createStatement()) {
                var rs = st.executeQuery("select 1 from pg_database where datname = '" + name.replace("'", "''") + "'");
                if (!rs.next()) {
                    st.execute("create database \"" + name.replace("\"", "") + "\"");
                }
            } catch (SQLException e) {
                throw new IllegalStateException("cannot create database " + name, e);
            }
            return jdbcUrl(name);
        }

        @Override
        public String jdbcUrl(String database) {
            return "jdbc:postgresql://" + container.getHost() + ":" + container.getMappedPort(5432) + "/" + database;
        }

        @Override
        public String username() {
            return container.getUsername();
        }

        @Override
        public String password() {
            return container.getPassword();
        }

        @Override
        public DataSource dataSource(String database) {
            PGSimpleDataSource source = new PGSimpleDataSource();
            source.setUrl(jdbcUrl(database));
            source.setUser(username());
            source.setPassword(password());
            return source;
        }

        @Override
        public void close() {
            container.stop();
        }
    }
}
