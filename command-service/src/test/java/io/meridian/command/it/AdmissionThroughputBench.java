package io.meridian.command.it;

import static io.meridian.command.it.Infra.POSTGRES;
import static io.meridian.command.it.Infra.admit;
import static io.meridian.command.it.Infra.count;
import static io.meridian.command.it.Infra.port;
import static io.meridian.command.it.Infra.start;
import static io.meridian.command.it.Infra.upsert;
import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.awaitility.Awaitility.await;

import io.meridian.command.admission.AdmissionBatcher;
import io.meridian.command.cluster.ClusterEventConsumer;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Not part of the default run (surefire does not pick up *Bench): 64 clients create pods of ONE spread
 * through the HTTP API as fast as they can for {@code -Dbench.seconds} (default 15); every answer is
 * given after its batch committed. Run: {@code ./mvnw -o -pl command-service -am test -Dtest=AdmissionThroughputBench
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class AdmissionThroughputBench {
    static final String CLUSTER = "bench";

    /** CPU time of this JVM: a cost per admission that stays comparable when other processes share the machine. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    @Test
    void sixtyFourClientsOnOneSpread() throws Exception {
        int seconds = Integer.getInteger("bench.seconds", 15);
        int clients = Integer.getInteger("bench.clients", 64);
        upsert(CLUSTER, "CloneSet", "apps.kruise.io/v1alpha1", "ns", "web", cloneSet(100_000));
        upsert(CLUSTER, "WorkloadSpread", "apps.kruise.io/v1alpha1", "ns", "ws", spread("ws", 1000));
        ConfigurableApplicationContext context = start(POSTGRES.createDatabase("bench"),
                System.getProperty("bench.args", "--meridian.admission-batch-max=256").split(" "));
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
            await().atMost(Duration.ofSeconds(30)).until(() -> context.getBean(ClusterEventConsumer.class).isCaughtUp()
                    && count(jdbc, CLUSTER + "/ns/ws") > 0);
            int port = port(context);
            for (int i = 0; i < 200; i++) {
                admit(port, CLUSTER, "CREATE", pod("warm-" + i));
            }
            AtomicInteger done = new AtomicInteger();
            AtomicLong latencyNanos = new AtomicLong();
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            List<Future<?>> running = new ArrayList<>();
            long started = System.nanoTime();
            long cpuStarted = processCpuNanos();
            for (int c = 0; c < clients; c++) {
                int client = c;
                running.add(pool.submit(() -> {
                    int n = 0;
                    while (System.nanoTime() < end) {
                        long t = System.nanoTime();
                        try {
                            admit(port, CLUSTER, "CREATE", pod("c" + client + "-" + n++));
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        latencyNanos.addAndGet(System.nanoTime() - t);
                        done.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
            double elapsed = (System.nanoTime() - started) / 1e9;
            double cpuMicros = (processCpuNanos() - cpuStarted) / 1e3 / done.get();
            System.out.printf("BENCH admissions=%d seconds=%.1f rate=%.0f/s meanLatency=%.1fms lastBatch=%d "
                            + "jvmCpuPerAdmission=%.0fus (service, Kafka broker and clients; PostgreSQL not included)%n",
                    done.get(), elapsed, done.get() / elapsed, latencyNanos.get() / 1e6 / done.get(),
                    context.getBean(AdmissionBatcher.class).lastBatchSize(), cpuMicros);
            MeterRegistry meters = context.getBean(MeterRegistry.class);
            System.out.printf("BENCH batches=%d meanSize=%.1f meanBarrier=%.2fms meanCommand=%.2fms maxCommand=%.1fms%n",
                    meters.get("meridian.admission.batch.size").summary().count(),
                    meters.get("meridian.admission.batch.size").summary().mean(),
                    meters.get("meridian.admission.batch.barrier").timer().mean(TimeUnit.MILLISECONDS),
                    meters.get("meridian.admission.batch.command").timer().mean(TimeUnit.MILLISECONDS),
                    meters.get("meridian.admission.batch.command").timer().max(TimeUnit.MILLISECONDS));
        } finally {
            pool.shutdown();
            context.close();
        }
    }
}
