package io.meridian.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.embedded.EmbeddedPostgresServer;
import io.meridian.projection.decisions.DomainEventStore;
import io.meridian.schemas.DomainEvent;
import io.meridian.standalone.StandaloneRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What storing one poll of the projection costs (500 {@code PodAdmitted} domain events as the admission benchmark
 * publishes them, in one transaction that does not wait for the disk, as the projector stores them) on the embedded
 * PostgreSQL: {@code copy} is {@link DomainEventStore#insertAll} (COPY), {@code statement} the statement that skips
 * stored events ({@link DomainEventStore#insertSkippingStored}), the only path before session 53. Each trial has a
 * server and a table of its own; the time per operation divided by 500 is the time per event.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
public class ProjectionInsertBenchmark {
    private static final int EVENTS_PER_POLL = 500;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PATCH = """
            [{"op":"add","path":"/metadata/labels/topology.application.deploy~1zone","value":"eci"},
             {"op":"add","path":"/metadata/annotations","value":{"apps.kruise.io/matched-workloadspread":
               "{\\"name\\":\\"ws-bench\\",\\"subset\\":\\"eci\\"}"}},
             {"op":"add","path":"/spec/affinity","value":{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
               {"nodeSelectorTerms":[{"matchExpressions":[{"key":"topology.kubernetes.io/zone","values":["eci"],
               "operator":"In"}]}]}}}},
             {"op":"add","path":"/metadata/annotations/controller.kubernetes.io~1pod-deletion-cost","value":"100"}]""";

    /** How a poll is stored; JMH itself refuses a value that is not one of these. */
    public enum StorePath {
        copy, statement
    }

    @Param
    public StorePath path;

    private EmbeddedPostgresServer postgres;
    private SingleConnectionDataSource connection;
    private DomainEventStore store;
    private TransactionTemplate transactions;
    private JsonNode patch;
    private long sequence;
    private List<DomainEvent> poll;

    @Setup(Level.Trial)
    public void startDatabase() throws Exception {
        postgres = EmbeddedPostgresServer.start();
        String url = postgres.createDatabase("meridian_projections");
        migrate(url);
        connection = new SingleConnectionDataSource(url, postgres.username(), postgres.password(), true);
        store = new DomainEventStore(new JdbcTemplate(connection));
        transactions = new TransactionTemplate(new DataSourceTransactionManager(connection));
        patch = JSON.readTree(PATCH);
    }

    @Setup(Level.Invocation)
    public void nextPoll() {
        String batch = UUID.randomUUID().toString();
        Instant now = Instant.now();
        poll = new ArrayList<>(EVENTS_PER_POLL);
        for (int i = 0; i < EVENTS_PER_POLL; i++) {
            poll.add(admitted(batch + "#" + i, ++sequence, now));
        }
    }

    @Benchmark
    public boolean[] storePoll() {
        return transactions.execute(status -> {
            store.commitWithoutWaitingForTheDisk();
            return switch (path) {
                case copy -> store.insertAll(poll);
                case statement -> store.insertSkippingStored(poll);
            };
        });
    }

    @TearDown(Level.Trial)
    public void stopDatabase() {
        connection.destroy();
        postgres.close();
    }

    private DomainEvent admitted(String eventId, long sequence, Instant now) {
        String pod = "bench-m" + sequence % 64 + "-" + sequence;
        ObjectNode payload = JSON.createObjectNode().put("reason", "ws-bench: ack full (100/100); chose eci (unlimited)")
                .put("verdict", "Patch").put("subset", "eci").put("pod", pod).put("requestUid", "m-" + sequence);
        payload.set("patch", patch);
        payload.put("now", now.toString());
        return new DomainEvent(DomainEvent.SCHEMA_VERSION, eventId, "WorkloadSpread", "member1/bench/ws-bench", sequence,
                "PodAdmitted", now, UUID.randomUUID().toString(), "0.1.0", payload);
    }

    /** The projection-service's own migrations (the command-service's share the folder on this class path). */
    private void migrate(String url) throws IOException {
        Path migrations = StandaloneRuntime.ownMigrations(DomainEventStore.class);
        try {
            Flyway.configure().dataSource(url, postgres.username(), postgres.password())
                    .locations("filesystem:" + migrations).load().migrate();
        } finally {
            try (Stream<Path> files = Files.walk(migrations)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }
}
