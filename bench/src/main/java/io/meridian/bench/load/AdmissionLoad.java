package io.meridian.bench.load;

import io.meridian.cli.AdmissionBenchCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The load driver of {@code meridian bench admission}, in its own JVM as an apiserver would be: N clients,
 * each on its own kept-alive HTTPS connection, send pod CREATE AdmissionReviews to the gateway as fast as
 * the answers come; only answers that carry the spread's JSON patch count (a fail-open or any other
 * answer is a failure). After a warm-up, a measured window on the same connections. Then the same N clients measure the
 * PostgreSQL baseline ({@link PostgresCommitBaseline}) on the same server. The last line on stdout is
 * the one JSON object of the issue; progress goes to stderr.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.meridian.bench.load.AdmissionLoad \
 *   --url https://127.0.0.1:PORT/mutate-pods/member1 --ca ca.crt --pod pod.json \
 *   --jdbc jdbc:postgresql://.../baseline [--events-jdbc jdbc:postgresql://.../commands] --db-user u --db-password p \
 *   [--clients 64] [--warmup 10] [--settle true [--max-warmup 300]] [--seconds 20] [--window-acked true]</pre>
 * With {@code --settle true} the warm-up goes on after {@code --warmup} seconds until the runtime's JIT compiler
 * has settled ({@link LoadWindow#untilTheJitSettles}), at most {@code --max-warmup} seconds; the runtime tells its
 * cumulative compilation time on the driver's stdin ({@link JitClock}). With {@code --window-acked true} the measured
 * window opens only once the runtime wrote {@code window-open} there, after its counts at the window's start.
 * With {@code --events-jdbc} (the command-service's database) the driver checks afterwards that every
 * admission answered with a patch in the measured window is recorded in the event store.
 */
public final class AdmissionLoad {

    /** What the admission phase measured. */
    record Measured(long succeeded, long failed, double seconds, double p50Ms, double p99Ms, String firstFailure) {
        double perSecond() {
            return succeeded / seconds;
        }
    }

    private static final long REHEARSE_EVERY_MILLIS = 10_000;
    private static final Duration WINDOW_OPEN_WAIT = Duration.ofSeconds(30);

    private AdmissionLoad() {
    }

    public static void main(String[] args) throws Exception {
        Arguments a = Arguments.parse(args);
        String pod = Files.readString(a.pod);
        AdmissionClient.Target target = AdmissionClient.Target.of(a.url, a.ca);
        ReviewTemplate template = new ReviewTemplate(pod);

        awaitReady(target, template, Duration.ofSeconds(a.readySeconds));
        JitClock runtime = a.settle || a.windowAcked ? JitClock.fromStdin() : null;
        LoadWindow warmUp = a.settle ? LoadWindow.untilTheJitSettles(Duration.ofSeconds(a.warmup), Duration.ofSeconds(a.maxWarmup),
                runtime) : LoadWindow.fixed(Duration.ofSeconds(a.warmup));
        progress("admissions: %d clients, warm-up %s", a.clients, warmUp.describe());
        Clients load = Clients.start(target, template, a.clients);
        Thread rehearsals = rehearseWindowEdges();
        warmUp.await();
        rehearsals.interrupt();
        rehearsals.join();
        progress("admissions: warm-up over after %s", warmUp.outcome());
        progress("admissions: measuring %d s on the warm-up's connections", a.seconds);
        window("start", 0);
        if (a.windowAcked) {
            awaitWindowOpen(runtime);
        }
        load.measureFromNow();
        Measured admissions = load.stopAfter(LoadWindow.fixed(Duration.ofSeconds(a.seconds)));
        window("end", admissions.succeeded());
        progress("admissions: %d decided with a patch, %d failed (%s); %.1f/s, p50 %.2f ms, p99 %.2f ms",
                admissions.succeeded(), admissions.failed(),
                admissions.firstFailure() == null ? "none" : "first: " + admissions.firstFailure(),
                admissions.perSecond(), admissions.p50Ms(), admissions.p99Ms());

        if (a.eventsJdbc != null) {
            long recorded = RecordedDecisions.count(dataSource(a.eventsJdbc, a), "m");
            progress("event store: %d decisions of the measured window recorded (%d answered with a patch)",
                    recorded, admissions.succeeded());
            if (recorded < admissions.succeeded()) {
                throw new IllegalStateException("only " + recorded + " of " + admissions.succeeded()
                        + " answered admissions are in the event store");
            }
        }
        PGSimpleDataSource database = dataSource(a.jdbc, a);
        int baselineWarmup = Math.min(a.warmup, 5);
        progress("baseline: %d clients inserting and committing one row each (synchronous_commit on), warm-up %d s, %d s",
                a.clients, baselineWarmup, a.seconds);
        PostgresCommitBaseline.Result baseline = PostgresCommitBaseline.run(database, a.clients,
                Duration.ofSeconds(baselineWarmup), Duration.ofSeconds(a.seconds));
        System.out.println(baseline.json());
        System.out.println(String.format(Locale.ROOT, "{\"bench\":\"admission-detail\",\"succeeded\":%d,\"failed\":%d,"
                        + "\"seconds\":%.2f,\"clients\":%d}", admissions.succeeded(), admissions.failed(),
                admissions.seconds(), a.clients));
        System.out.println(result(admissions, baseline));
        System.out.flush();
        System.exit(admissions.succeeded() > 0 ? 0 : 1);
    }

    private static PGSimpleDataSource dataSource(String url, Arguments a) {
        PGSimpleDataSource database = new PGSimpleDataSource();
        database.setUrl(url);
        database.setUser(a.dbUser);
        database.setPassword(a.dbPassword);
        return database;
    }

    static String result(Measured admissions, PostgresCommitBaseline.Result baseline) {
        return String.format(Locale.ROOT, "{\"bench\":\"admission\",\"throughput_per_s\":%.1f,\"p50_ms\":%.2f,"
                        + "\"p99_ms\":%.2f,\"baseline\":\"postgres-commit\",\"baseline_per_s\":%.1f,\"ratio\":%.4f}",
                admissions.perSecond(), admissions.p50Ms(), admissions.p99Ms(), baseline.perSecond(),
                admissions.perSecond() / baseline.perSecond());
    }

    /**
     * Waits until the runtime has taken its counts at the window's start (its Kafka meters, PostgreSQL's statistics, its
     * threads' switches and allocation) before the window's latencies count: that counting is the benchmark's own work,
     * and for the few tens of milliseconds it takes every client's request waited behind it (docs/benchmarks.md, Issue 3,
     * session 47). The counts then start a few milliseconds before the window, on the same load.
     */
    private static void awaitWindowOpen(JitClock runtime) throws InterruptedException {
        long asked = System.nanoTime();
        if (runtime.awaitWindowOpen(WINDOW_OPEN_WAIT)) {
            progress("admissions: the runtime took its window counts in %.1f ms", (System.nanoTime() - asked) / 1e6);
        } else {
            progress("admissions: the runtime did not say it took its window counts within %d s; measuring anyway",
                    WINDOW_OPEN_WAIT.toSeconds());
        }
    }

    /** Sends dry-run reviews until one comes back with a patch: the spread is known end to end. */
    private static void awaitReady(AdmissionClient.Target target, ReviewTemplate template, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        String last = "no answer yet";
        int n = 0;
        while (System.nanoTime() < deadline) {
            try (AdmissionClient client = new AdmissionClient(target)) {
                String uid = "ready-" + n;
                AdmissionClient.Verdict verdict = client.review(template.body(uid, "bench-ready-" + n++, true), uid);
                if (verdict.patched()) {
                    progress("ready: a dry-run admission came back with a patch");
                    return;
                }
                last = verdict.detail();
            } catch (java.io.IOException e) {
                last = e.toString();
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the gateway did not answer with a patch within " + within.toSeconds() + " s: " + last);
    }

    /**
     * The N clients, each on one connection opened (handshake done) before the first request, sending back to back from
     * the warm-up through the measured window: new connections at the window's start would put the runtime's
     * compilation of its TLS handshake code, cold since the warm-up began, into the window (docs/benchmarks.md, Issue
     * 3, session 40). A request counts in the window when it was sent after {@link #measureFromNow}.
     */
    private static final class Clients {
        private final AtomicBoolean stop = new AtomicBoolean();
        private final AtomicBoolean measuring = new AtomicBoolean();
        private final CountDownLatch done;
        private final List<Worker> workers = new ArrayList<>();
        private long measuredFrom;

        private Clients(int clients) {
            this.done = new CountDownLatch(clients);
        }

        static Clients start(AdmissionClient.Target target, ReviewTemplate template, int clients) throws InterruptedException {
            Clients load = new Clients(clients);
            CountDownLatch connected = new CountDownLatch(clients);
            CountDownLatch go = new CountDownLatch(1);
            for (int i = 0; i < clients; i++) {
                Worker worker = new Worker(target, template, i, load.stop, load.measuring, connected, go, load.done);
                load.workers.add(worker);
                Thread thread = new Thread(worker, "admission-client-" + i);
                thread.setDaemon(true);
                thread.start();
            }
            connected.await();
            go.countDown();
            return load;
        }

        void measureFromNow() {
            measuredFrom = System.nanoTime();
            measuring.set(true);
        }

        Measured stopAfter(LoadWindow window) throws InterruptedException {
            window.await();
            stop.set(true);
            double seconds = (System.nanoTime() - measuredFrom) / 1e9;
            done.await();
            long ok = 0;
            long failed = 0;
            String firstFailure = null;
            List<LatencyRecorder> recorders = new ArrayList<>();
            for (Worker w : workers) {
                ok += w.latencies.count();
                failed += w.failed;
                recorders.add(w.latencies);
                if (firstFailure == null) {
                    firstFailure = w.firstFailure;
                }
            }
            double[] p = LatencyRecorder.percentilesMillis(recorders, 50, 99);
            long windowStartEpochMillis = System.currentTimeMillis() - (System.nanoTime() - measuredFrom) / 1_000_000L;
            printTailShape(recorders, measuredFrom, windowStartEpochMillis, 25_000_000L);
            printTailShape(recorders, measuredFrom, windowStartEpochMillis, (long) (p[1] * 1_000_000L));
            return new Measured(ok, failed, seconds, p[0], p[1], firstFailure);
        }
    }

    /**
     * Where in the window the requests slower than {@code slowerThanNanos} (the target's p99, the run's own) were sent,
     * by 50 ms slices: gathered in a few slices they are stalls that held every client; spread, the queue's spread.
     */
    private static void printTailShape(List<LatencyRecorder> recorders, long measuredFrom, long windowStartEpochMillis,
                                       long slowerThanNanos) {
        LatencyRecorder.TailShape shape = LatencyRecorder.tailShape(recorders, measuredFrom, 50_000_000L, slowerThanNanos);
        System.err.println(String.format(Locale.ROOT, "{\"bench\":\"admission-tail\",\"window_start_epoch_ms\":%d,"
                        + "\"slower_than_ms\":%.2f,\"slow\":%d,"
                        + "\"slices_50ms\":%d,\"slices_with_slow\":%d,\"slow_share_in_top_tenth_of_slices\":%.3f,"
                        + "\"busiest\":\"%s\"}", windowStartEpochMillis, slowerThanNanos / 1e6, shape.slow(), shape.slices(),
                shape.slicesWithSlow(), shape.shareInTopTenth(), shape.busiest()));
    }

    /**
     * One client: one connection (opened, handshake done, before the load starts), requests back to back; only those
     * sent once the window is open are counted, their uids starting with {@code m} (the warm-up's with {@code w}).
     */
    private static final class Worker implements Runnable {
        final LatencyRecorder latencies = new LatencyRecorder();
        long failed;
        String firstFailure;
        private final AdmissionClient.Target target;
        private final ReviewTemplate template;
        private final int index;
        private final AtomicBoolean stop;
        private final AtomicBoolean measuring;
        private final CountDownLatch connected;
        private final CountDownLatch go;
        private final CountDownLatch done;

        Worker(AdmissionClient.Target target, ReviewTemplate template, int index, AtomicBoolean stop, AtomicBoolean measuring,
               CountDownLatch connected, CountDownLatch go, CountDownLatch done) {
            this.target = target;
            this.template = template;
            this.index = index;
            this.stop = stop;
            this.measuring = measuring;
            this.connected = connected;
            this.go = go;
            this.done = done;
        }

        @Override
        public void run() {
            AdmissionClient client = null;
            try {
                client = connect();
                connected.countDown();
                go.await();
                long n = 0;
                while (!stop.get()) {
                    boolean measured = measuring.get();
                    String uid = (measured ? "m" : "w") + index + "-" + n++;
                    String body = template.body(uid, "bench-" + uid, false);
                    long start = System.nanoTime();
                    AdmissionClient.Verdict verdict;
                    try {
                        verdict = client.review(body, uid);
                    } catch (java.io.IOException e) {
                        verdict = AdmissionClient.Verdict.failed("I/O: " + e.getMessage());
                        client.close();
                        client = new AdmissionClient(target);
                    }
                    long elapsed = System.nanoTime() - start;
                    if (!measured) {
                        continue;
                    }
                    if (stop.get() && !verdict.patched()) {
                        break; // cut off by the end of the window, not a failure of the service
                    }
                    if (verdict.patched()) {
                        latencies.record(start, elapsed);
                    } else {
                        failed++;
                        if (firstFailure == null) {
                            firstFailure = verdict.detail();
                        }
                    }
                }
            } catch (Exception e) {
                failed++;
                if (firstFailure == null) {
                    firstFailure = e.toString();
                }
                connected.countDown();
            } finally {
                if (client != null) {
                    client.close();
                }
                done.countDown();
            }
        }

        private AdmissionClient connect() throws java.io.IOException {
            AdmissionClient c = new AdmissionClient(target);
            c.connect();
            return c;
        }
    }

    /**
     * During the warm-up, a {@code rehearsal} edge every {@link #REHEARSE_EVERY_MILLIS} ms, on which the runtime counts
     * as it will at the window's edges: the first count in a JVM running the admission path at full speed compiled its
     * code and deoptimised hot compiled code the admission path shares (Jackson's parser among it), which made the first
     * quarter second of the window one of its slowest (docs/benchmarks.md, Issue 3, session 43). Rehearsed, that happens
     * in the warm-up, before the compiler settles.
     */
    private static Thread rehearseWindowEdges() {
        Thread rehearsals = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(REHEARSE_EVERY_MILLIS);
                    window(AdmissionBenchCommand.REHEARSAL, 0);
                }
            } catch (InterruptedException e) {
                // the warm-up is over
            }
        }, "window-rehearsals");
        rehearsals.setDaemon(true);
        rehearsals.start();
        return rehearsals;
    }

    /**
     * Tells the runtime on stdout where the measured window starts and ends ({@link AdmissionBenchCommand#WINDOW} lines,
     * which it reads and does not pass on), so that it can count its own threads' work over exactly that window.
     */
    private static void window(String edge, long admissions) {
        System.out.println(String.format(Locale.ROOT, "%s{\"edge\":\"%s\",\"admissions\":%d}", AdmissionBenchCommand.WINDOW, edge, admissions));
        System.out.flush();
    }

    static void progress(String format, Object... args) {
        System.err.println("bench: " + String.format(Locale.ROOT, format, args));
        System.err.flush();
    }

    /** The command line. */
    record Arguments(String url, Path ca, Path pod, String jdbc, String eventsJdbc, String dbUser, String dbPassword, int clients,
                     int warmup, boolean settle, int maxWarmup, int seconds, int readySeconds, boolean windowAcked) {
        static Arguments parse(String[] args) {
            java.util.Map<String, String> values = new java.util.HashMap<>();
            for (int i = 0; i + 1 < args.length; i += 2) {
                if (!args[i].startsWith("--")) {
                    throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
                }
                values.put(args[i].substring(2), args[i + 1]);
            }
            for (String required : List.of("url", "ca", "pod", "jdbc", "db-user", "db-password")) {
                if (!values.containsKey(required)) {
                    throw new IllegalArgumentException("--" + required + ": required");
                }
            }
            return new Arguments(values.get("url"), Path.of(values.get("ca")), Path.of(values.get("pod")),
                    values.get("jdbc"), values.get("events-jdbc"), values.get("db-user"), values.get("db-password"),
                    Integer.parseInt(values.getOrDefault("clients", "64")),
                    Integer.parseInt(values.getOrDefault("warmup", "10")),
                    Boolean.parseBoolean(values.getOrDefault("settle", "false")),
                    Integer.parseInt(values.getOrDefault("max-warmup", "300")),
                    Integer.parseInt(values.getOrDefault("seconds", "20")),
                    Integer.parseInt(values.getOrDefault("ready-seconds", "90")),
                    Boolean.parseBoolean(values.getOrDefault("window-acked", "false")));
        }
    }
}
