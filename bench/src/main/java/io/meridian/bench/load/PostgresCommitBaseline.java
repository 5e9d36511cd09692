package io.meridian.bench.load;

import io.meridian.embedded.EmbeddedPostgresServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;

/**
 * The baseline the admission benchmark is measured against: N clients each inserting one row and
 * committing it ({@code synchronous_commit=on}), as fast as PostgreSQL on this machine allows.
 */
public final class PostgresCommitBaseline {

    /** What one run measured. */
    public record Result(long commits, double seconds, double perSecond, double p50Ms, double p99Ms) {
        public String json() {
            return String.format(Locale.ROOT,
                    "{\"bench\":\"postgres-commit\",\"commits\":%d,\"seconds\":%.2f,\"per_s\":%.1f,\"p50_ms\":%.3f,\"p99_ms\":%.3f}",
                    commits, seconds, perSecond, p50Ms, p99Ms);
        }
    }

    private PostgresCommitBaseline() {
    }

    public static Result run(DataSource database, int clients, Duration warmup, Duration measured) throws Exception {
        try (Connection c = database.getConnection(); Statement st = c.createStatement()) {
            st.execute("create table if not exists baseline_commit (id bigserial primary key, client int, payload text)");
        }
        runFor(database, clients, warmup);
        return runFor(database, clients, measured);
    }

    private static Result runFor(DataSource database, int clients, Duration duration) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(clients);
        List<LatencyRecorder> recorders = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < clients; i++) {
            LatencyRecorder recorder = new LatencyRecorder();
            recorders.add(recorder);
            int client = i;
            Thread thread = new Thread(() -> {
                try (Connection c = database.getConnection();
                     PreparedStatement insert = c.prepareStatement("insert into baseline_commit (client, payload) values (?, ?)")) {
                    c.setAutoCommit(true);
                    while (!stop.get()) {
                        long start = System.nanoTime();
                        insert.setInt(1, client);
                        insert.setString(2, "admission-sized payload of a decision event");
                        insert.executeUpdate();
                        recorder.record(start, System.nanoTime() - start);
                    }
                } catch (SQLException e) {
                    failures.add(e);
                } finally {
                    done.countDown();
                }
            }, "baseline-client-" + i);
            thread.start();
        }
        long started = System.nanoTime();
        Thread.sleep(duration.toMillis());
        stop.set(true);
        done.await();
        double seconds = (System.nanoTime() - started) / 1e9;
        if (!failures.isEmpty()) {
            throw new IllegalStateException("baseline client failed", failures.get(0));
        }
        long commits = recorders.stream().mapToLong(LatencyRecorder::count).sum();
        double[] p = LatencyRecorder.percentilesMillis(recorders, 50, 99);
        return new Result(commits, seconds, commits / seconds, p[0], p[1]);
    }

    /** {@code java -cp benchmarks.jar io.meridian.bench.load.PostgresCommitBaseline [clients] [seconds]} */
    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start()) {
            postgres.createDatabase("bench");
            Result result = run(postgres.dataSource("bench"), clients, Duration.ofSeconds(3), Duration.ofSeconds(seconds));
            System.out.println(result.json());
        }
    }
}
