package io.meridian.embedded;

import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * The one place tests get their Kafka broker and PostgreSQL server from: containers (Testcontainers, the images
 * docker-compose runs) when a Docker engine answers, else the in-process servers. {@code -Dmeridian.infra=docker}
 * or {@code =in-process} forces one; the default {@code auto} asks Docker once per JVM.
 */
public final class TestInfrastructure {
    public static final String PROPERTY = "meridian.infra";
    static final String KAFKA_IMAGE = "apache/kafka:4.1.0";
    static final String POSTGRES_IMAGE = "postgres:18";

    /** Where the servers run. */
    public enum Choice {
        CONTAINERS, IN_PROCESS
    }

    private static volatile Choice chosen;

    private TestInfrastructure() {
    }

    public static KafkaBroker kafka() {
        return choice() == Choice.CONTAINERS ? ContainerServers.kafka(KAFKA_IMAGE) : EmbeddedKafka.start();
    }

    public static PostgresServer postgres() {
        return choice() == Choice.CONTAINERS ? ContainerServers.postgres(POSTGRES_IMAGE) : EmbeddedPostgresServer.start();
    }

    /** This JVM's choice, made on first use. */
    public static Choice choice() {
        Choice made = chosen;
        if (made == null) {
            synchronized (TestInfrastructure.class) {
                if (chosen == null) {
                    chosen = choose(System.getProperty(PROPERTY), ContainerServers::dockerAvailable);
                }
                made = chosen;
            }
        }
        return made;
    }

    /**
     * Containers when asked for or, with {@code auto} (or nothing), when Docker is available; in-process otherwise.
     * Docker is only asked when the setting leaves the choice open.
     */
    static Choice choose(String setting, BooleanSupplier dockerAvailable) {
        String value = setting == null || setting.isBlank() ? "auto" : setting.trim().toLowerCase(Locale.ROOT);
        switch (value) {
            case "in-process":
                return Choice.IN_PROCESS;
            case "docker":
                if (!dockerAvailable.getAsBoolean()) {
                    throw new IllegalStateException(PROPERTY + "=docker: no Docker engine is available");
                }
                return Choice.CONTAINERS;
            case "auto":
                return dockerAvailable.getAsBoolean() ? Choice.CONTAINERS : Choice.IN_PROCESS;
            default:
                throw new IllegalArgumentException(PROPERTY + ": must be auto, docker or in-process, got " + setting);
        }
    }
}
