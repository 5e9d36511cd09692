package io.meridian.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * Kafka's own KRaft server, in this process: one node acting as broker and controller on loopback
 * ports, its log in a temporary folder that is removed on close.
 */
public final class EmbeddedKafka implements KafkaBroker {
    private final KafkaRaftServer server;
    private final Path logDir;
    private final String bootstrapServers;

    private EmbeddedKafka(KafkaRaftServer server, Path logDir, String bootstrapServers) {
        this.server = server;
        this.logDir = logDir;
        this.bootstrapServers = bootstrapServers;
    }

    private static final int START_ATTEMPTS = 5;

    /**
     * Starts the broker on two free loopback ports. A port found free can be taken by another
     * process before the broker binds it, so a failed bind is retried on fresh ports.
     */
    public static EmbeddedKafka start() {
        return start(FreePorts::next);
    }

    static EmbeddedKafka start(IntSupplier freePorts) {
        RuntimeException lastFailure = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            try {
                int brokerPort = freePorts.getAsInt();
                return startOn(brokerPort, portOtherThan(brokerPort, freePorts));
            } catch (RuntimeException e) {
                if (!causedByBind(e)) {
                    throw e;
                }
                lastFailure = e;
            }
        }
        throw new IllegalStateException("Kafka could not bind its ports in " + START_ATTEMPTS + " attempts", lastFailure);
    }

    /** A port found free twice in a row is the same port (the first was released): the broker needs two. */
    private static int portOtherThan(int taken, IntSupplier freePorts) {
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int port = freePorts.getAsInt();
            if (port != taken) {
                return port;
            }
        }
        throw new IllegalStateException("no free port other than " + taken + " in " + START_ATTEMPTS + " attempts");
    }

    private static EmbeddedKafka startOn(int brokerPort, int controllerPort) {
        Path logDir = createLogDir();
        KafkaConfig config = new KafkaConfig(brokerConfig(logDir, brokerPort, controllerPort));
        format(logDir);
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        try {
            server.startup();
        } catch (RuntimeException e) {
            shutDownQuietly(server);
            deleteRecursively(logDir);
            throw e;
        }
        return new EmbeddedKafka(server, logDir, "127.0.0.1:" + brokerPort);
    }

    private static Path createLogDir() {
        try {
            return Files.createTempDirectory("meridian-kafka");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the Kafka log folder", e);
        }
    }

    static boolean causedByBind(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }

    private static void shutDownQuietly(KafkaRaftServer server) {
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (RuntimeException e) {
            // the half-started broker is being discarded; its shutdown failure changes nothing
        }
    }

    private static Map<String, Object> brokerConfig(Path logDir, int brokerPort, int controllerPort) {
        Map<String, Object> config = new HashMap<>();
        config.put("process.roles", "broker,controller");
        config.put("node.id", "1");
        config.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        config.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        config.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
        config.put("controller.listener.names", "CONTROLLER");
        config.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        config.put("log.dirs", logDir.toString());
        config.put("offsets.topic.replication.factor", "1");
        config.put("offsets.topic.num.partitions", "4");
        config.put("transaction.state.log.replication.factor", "1");
        config.put("transaction.state.log.min.isr", "1");
        config.put("group.initial.rebalance.delay.ms", "0");
        config.put("auto.create.topics.enable", "false");
        return config;
    }

    private static void format(Path logDir) {
        try {
            new Formatter()
                    .setClusterId(Uuid.randomUuid().toString())
                    .setNodeId(1)
                    .setControllerListenerName("CONTROLLER")
                    .setMetadataLogDirectory(logDir.toString())
                    .setDirectories(List.of(logDir.toString()))
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .setUnstableFeatureVersionsEnabled(false)
                    .run();
        } catch (Exception e) {
            throw new IllegalStateException("cannot format the Kafka log folder " + logDir, e);
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
        deleteRecursively(logDir);
    }

    static void deleteRecursively(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is harmless
        }
    }
}
