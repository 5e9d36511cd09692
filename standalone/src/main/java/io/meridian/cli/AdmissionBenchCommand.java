package io.meridian.cli;

import static io.meridian.cli.OptionRanges.atLeast;
import static io.meridian.cli.OptionRanges.firstOf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.embedded.PostgresServer;
import io.meridian.sim.ClusterSpec;
import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedCluster;
import io.meridian.sim.ZoneSpec;
import io.meridian.standalone.StandaloneRuntime;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code meridian bench admission}: starts the standalone runtime (KRaft Kafka, PostgreSQL 18, one simulated
 * cluster with a Deployment {@code web} and one WorkloadSpread {@code ws-bench} targeting it), then runs the
 * load driver of {@code bench/} ({@code io.meridian.bench.load.AdmissionLoad}) in its own JVM, as an apiserver
 * would be a process of its own: N clients send AdmissionReviews of pods owned by the Deployment's ReplicaSet
 * to the gateway over HTTPS, then measure the PostgreSQL commit baseline on the same server. The driver's
 * lines are passed on; its JSON result is printed last, after the runtime stopped.
 */
@Command(name = "admission", description = {"Pod admissions through the full path (HTTPS AdmissionReview -> gateway ->",
        "command-service -> event store commit -> JSONPatch) against the PostgreSQL single-row commit baseline.",
        "The last stdout line is one JSON object."})
public final class AdmissionBenchCommand implements Callable<Integer> {
    static final String CLUSTER = "member1";
    static final String NAMESPACE = "bench";
    static final String DRIVER = "io.meridian.bench.load.AdmissionLoad";
    /** The prefix of the driver's stdout lines that mark its measured window. */
    public static final String WINDOW = "admission-window ";
    /** The edge the driver sends during its warm-up: counted as the window's edges are, then dropped. */
    public static final String REHEARSAL = "rehearsal";
    /** What the runtime writes on the driver's stdin once it took its counts at the window's start. */
    public static final String WINDOW_OPEN = "window-open";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--clients", defaultValue = "64", description = "Concurrent clients (default ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--warmup", defaultValue = "15", description = "Warm-up seconds; with --settle the least (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--settle", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = {"Go on warming up until the runtime's JIT compiler settled: at most 0.5 s of compilation",
                    "in 10 s (default). --no-settle: exactly --warmup seconds."})
    boolean settle;

    @Option(names = "--max-warmup", defaultValue = "300", description = "With --settle, the longest warm-up in seconds (default ${DEFAULT-VALUE}).")
    int maxWarmup;

    @Option(names = "--seconds", defaultValue = "20", description = "Measured seconds, each phase (default ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--bench-jar", paramLabel = "JAR", description = "The bench module's jar (default: bench/target/benchmarks.jar under the Meridian home).")
    Path benchJar;

    @Option(names = "--driver-java-options", paramLabel = "OPTS", defaultValue = "-Xms256m -Xmx1g -XX:+UseParallelGC",
            description = "JVM options of the load driver (default ${DEFAULT-VALUE}).")
    String driverJavaOptions;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String invalid = invalidOption();
        if (invalid != null) {
            err.println("meridian: " + invalid);
            err.flush();
            return 2;
        }
        Path jar = benchJar != null ? benchJar
                : Path.of(System.getProperty("meridian.home", ".")).resolve("bench/target/benchmarks.jar");
        if (!Files.isRegularFile(jar)) {
            err.println("meridian: the load driver " + jar + " is missing; build it with ./mvnw -o -q -B -pl bench -am -DskipTests package");
            err.flush();
            return 2;
        }
        StandaloneRuntime runtime = start(err);
        String result = null;
        int exit;
        Path work = Files.createTempDirectory("meridian-bench");
        try {
            SimulatedCluster cluster = runtime.fleet().cluster(CLUSTER);
            cluster.api().apply(resource("bench-admission.yaml"));
            JsonNode replicaSet = awaitReplicaSet(cluster, Duration.ofSeconds(60));
            Path pod = work.resolve("pod.json");
            Files.writeString(pod, podOf(replicaSet).toPrettyString());
            Path ca = runtime.caCertificate();
            runtime.postgres().createDatabase("bench_baseline");
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(List.of(driverJavaOptions.trim().split("\\s+")));
            command.addAll(List.of("-cp", jar.toString(), DRIVER,
                    "--url", runtime.gatewayUrl() + "/mutate-pods/" + CLUSTER, "--ca", ca.toString(), "--pod", pod.toString(),
                    "--jdbc", runtime.postgres().jdbcUrl("bench_baseline"),
                    "--events-jdbc", runtime.postgres().jdbcUrl(StandaloneRuntime.COMMAND_DATABASE),
                    "--db-user", runtime.postgres().username(), "--db-password", runtime.postgres().password(),
                    "--clients", Integer.toString(clients), "--warmup", Integer.toString(warmup),
                    "--settle", Boolean.toString(settle), "--max-warmup", Integer.toString(maxWarmup),
                    "--seconds", Integer.toString(seconds), "--window-acked", "true"));
            Process driver = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            WindowCounts window = new WindowCounts(runtime.postgres());
            try (PrintWriter toDriver = new PrintWriter(driver.getOutputStream(), true, StandardCharsets.UTF_8);
                 BufferedReader lines = new BufferedReader(new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8))) {
                tellJitTime(driver, toDriver);
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.startsWith("{\"bench\":\"admission\"")) {
                        result = line;
                    } else if (line.startsWith(WINDOW)) {
                        if (window.at(JSON.readTree(line.substring(WINDOW.length())), out)) {
                            toDriver.println(WINDOW_OPEN);
                        }
                    } else {
                        out.println(line);
                        out.flush();
                    }
                }
            }
            exit = driver.waitFor();
            out.println(batchMeters(runtime));
            out.flush();
        } finally {
            runtime.close();
            deleteQuietly(work);
        }
        if (result == null) {
            err.println("meridian: the load driver ended without a result (exit " + exit + ")");
            err.flush();
            return exit == 0 ? 1 : exit;
        }
        out.println(result);
        out.flush();
        return exit;
    }

    /** The first option out of its range, as a one-line message naming it and the rule; null when all are fine. */
    String invalidOption() {
        return firstOf(atLeast("--clients", 1, clients),
                atLeast("--warmup", 0, warmup), atLeast("--seconds", 1, seconds),
                settle && maxWarmup < warmup ? "--max-warmup: must be >= --warmup (" + warmup + "), was " + maxWarmup
                        : null);
    }

    /**
     * Writes this JVM's cumulative JIT compilation time on the driver's stdin once a second ({@code jit-ms <n>}), for
     * its warm-up to end when the compiler settled; stops when the driver is gone or {@code to} is closed.
     */
    private static void tellJitTime(Process driver, PrintWriter to) {
        var compiler = java.lang.management.ManagementFactory.getCompilationMXBean();
        Thread teller = new Thread(() -> {
            try {
                while (driver.isAlive() && !to.checkError()) {
                    to.println("jit-ms " + compiler.getTotalCompilationTime());
                    Thread.sleep(1000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "bench-jit-time");
        teller.setDaemon(true);
        teller.start();
    }

    /**
     * Counts the runtime's Kafka requests ({@link KafkaRequests}), PostgreSQL's commits and rows
     * ({@link PostgresActivity}), context switches ({@link ThreadSwitches}) and heap allocated ({@link ThreadAllocations})
     * over the driver's measured window, from its {@link #WINDOW} lines, and prints them per admission at the window's
     * end, the switches and the allocation as one JSON line each.
     */
    static final class WindowCounts {
        /** Where a rehearsal's window goes: counted and printed as a real one, then dropped. */
        private static final PrintWriter NOWHERE = new PrintWriter(java.io.Writer.nullWriter());
        private final PostgresServer postgres;
        private Counts atStart;
        private boolean rehearsed;

        /** Everything counted at one edge of the window. */
        private record Counts(Optional<ThreadSwitches.Snapshot> switches, Optional<ThreadAllocations.Snapshot> allocated,
                              KafkaRequests requests, PostgresActivity database) {
            static Counts take(PostgresServer postgres) {
                return new Counts(ThreadSwitches.now(), ThreadAllocations.now(), KafkaRequests.take(),
                        PostgresActivity.take(postgres, StandaloneRuntime.COMMAND_DATABASE,
                                StandaloneRuntime.PROJECTION_DATABASE));
            }
        }

        WindowCounts(PostgresServer postgres) {
            this.postgres = postgres;
        }

        /**
         * A {@code start} edge opens the window, any other closes it and prints its counts; a {@link #REHEARSAL} closes
         * the last rehearsal's window into nowhere and opens the next, so that every step of the real edges has run.
         *
         * @return whether this edge opened the window (the driver waits for that before its latencies count)
         */
        boolean at(JsonNode edge, PrintWriter out) {
            Counts now = Counts.take(postgres);
            String kind = edge.path("edge").asText();
            if (REHEARSAL.equals(kind)) {
                close(now, Math.max(1, edge.path("admissions").asLong()), NOWHERE);
                atStart = now;
                rehearsed = true;
            } else if ("start".equals(kind)) {
                atStart = now;
                return true;
            } else {
                close(now, edge.path("admissions").asLong(), out);
            }
            return false;
        }

        private void close(Counts now, long admissions, PrintWriter out) {
            if (atStart == null) {
                return;
            }
            printIfAny(now.requests().since(atStart.requests(), "admission", admissions), out);
            printIfAny(now.database().since(atStart.database(), "admission", admissions), out);
            if (atStart.switches().isPresent() && now.switches().isPresent()) {
                out.println(ThreadSwitches.between(atStart.switches().get(), now.switches().get())
                        .json("admission", "admission", admissions, 8));
            }
            if (atStart.allocated().isPresent() && now.allocated().isPresent()) {
                out.println(ThreadAllocations.between(atStart.allocated().get(), now.allocated().get())
                        .json("admission", "admission", admissions, 10));
            }
            out.flush();
        }

        /** Whether a rehearsal has taken the counts (for tests). */
        boolean rehearsed() {
            return rehearsed;
        }

        private static void printIfAny(String lines, PrintWriter out) {
            if (!lines.isEmpty()) {
                out.println(lines);
            }
        }
    }

    /** The command-service's admission batch meters over the whole run (warm-up included), as one JSON line. */
    static String batchMeters(StandaloneRuntime runtime) {
        var meters = runtime.services().get("command-service").getBean(io.micrometer.core.instrument.MeterRegistry.class);
        var size = meters.find("meridian.admission.batch.size").summary();
        var barrier = meters.find("meridian.admission.batch.barrier").timer();
        var command = meters.find("meridian.admission.batch.command").timer();
        if (size == null || barrier == null || command == null) {
            return "{\"bench\":\"admission-batches\",\"batches\":0}";
        }
        var ms = java.util.concurrent.TimeUnit.MILLISECONDS;
        return String.format(java.util.Locale.ROOT, "{\"bench\":\"admission-batches\",\"batches\":%d,\"mean_size\":%.1f,"
                        + "\"barrier_mean_ms\":%.2f,\"barrier_max_ms\":%.1f,\"command_mean_ms\":%.2f,\"command_max_ms\":%.1f}",
                size.count(), size.mean(), barrier.mean(ms), barrier.max(ms), command.mean(ms), command.max(ms));
    }

    /**
     * The runtime for the benchmark; a start that fails (on a machine shared with other work the simulated
     * cluster's first connection can time out) is tried again, up to three times.
     */
    private static StandaloneRuntime start(PrintWriter err) {
        for (int attempt = 1; ; attempt++) {
            try {
                return StandaloneRuntime.start(List.of(new ClusterSpec(CLUSTER,
                        List.of(new ZoneSpec("ack", 20, 10), new ZoneSpec("eci", 10, 50)))), SimOptions.DEFAULTS, line -> {
                    err.println("started " + line);
                    err.flush();
                });
            } catch (RuntimeException e) {
                if (attempt >= 3) {
                    throw e;
                }
                err.println("meridian: start failed (" + e.getMessage() + "); trying again");
                err.flush();
            }
        }
    }

    /** The Deployment's ReplicaSet, once the simulated controller made it. */
    private static JsonNode awaitReplicaSet(SimulatedCluster cluster, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            for (GenericKubernetesResource rs : cluster.client().genericKubernetesResources("apps/v1", "ReplicaSet")
                    .inNamespace(NAMESPACE).list().getItems()) {
                JsonNode node = JSON.valueToTree(rs);
                if (node.path("metadata").path("name").asText().startsWith("web-")) {
                    return node;
                }
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the simulated cluster made no ReplicaSet for Deployment web within " + within);
    }

    /** A pod as the ReplicaSet controller would create it (its name is set per request by the driver). */
    static ObjectNode podOf(JsonNode replicaSet) {
        ObjectNode pod = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Pod");
        ObjectNode metadata = pod.putObject("metadata");
        String rsName = replicaSet.path("metadata").path("name").asText();
        metadata.put("generateName", rsName + "-").put("namespace", NAMESPACE);
        metadata.set("labels", replicaSet.path("spec").path("template").path("metadata").path("labels").deepCopy());
        metadata.putArray("ownerReferences").addObject().put("apiVersion", "apps/v1").put("kind", "ReplicaSet")
                .put("name", rsName).put("uid", replicaSet.path("metadata").path("uid").asText())
                .put("controller", true).put("blockOwnerDeletion", true);
        ObjectNode spec = replicaSet.path("spec").path("template").path("spec").deepCopy();
        spec.put("restartPolicy", "Always").put("terminationGracePeriodSeconds", 30).put("dnsPolicy", "ClusterFirst")
                .put("serviceAccountName", "default").put("schedulerName", "default-scheduler").put("enableServiceLinks", true);
        spec.putArray("tolerations").add(toleration("node.kubernetes.io/not-ready")).add(toleration("node.kubernetes.io/unreachable"));
        pod.set("spec", spec);
        return pod;
    }

    private static ObjectNode toleration(String key) {
        return JSON.createObjectNode().put("key", key).put("operator", "Exists").put("effect", "NoExecute")
                .put("tolerationSeconds", 300);
    }

    private static String resource(String name) {
        try (var in = AdmissionBenchCommand.class.getResourceAsStream("/io/meridian/standalone/" + name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is harmless
        }
    }
}
