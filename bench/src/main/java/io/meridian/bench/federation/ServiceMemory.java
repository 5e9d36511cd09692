package io.meridian.bench.federation;

import io.meridian.command.CommandServiceApplication;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.federation.BindingSyncQueue;
import io.meridian.command.ws.KernelJson;
import io.meridian.embedded.EmbeddedKafka;
import io.meridian.embedded.EmbeddedPostgresServer;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Topics;
import io.meridian.standalone.StandaloneRuntime;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 4's memory figure for the whole command-service: the service (Spring, Axon, its Kafka clients, its
 * aggregate caches, {@link ClusterState}) started in this process over an in-process Kafka broker and an embedded
 * PostgreSQL, then fed through Kafka, as its agents would, a heartbeat of every cluster and the cluster events of
 * {@link AgentReports}; once the state holds them all and the bindings of the templates are synced, the used heap
 * after a full collection. The service's figure is that minus the heap used before it started (the broker and the
 * benchmark itself), so it counts everything the service holds. Run it with {@code -Xmx1g}: broker and service
 * together must fit.
 */
public final class ServiceMemory {
    private static final double MIB = 1024.0 * 1024.0;
    private static final Duration SETTLED = Duration.ofSeconds(5);

    private ServiceMemory() {
    }

    public record Result(FleetShape shape, long events, long syncs, long baselineBytes, long idleBytes, long usedBytes,
                         double seconds) {
        public String json() {
            return String.format(Locale.ROOT, "{\"bench\":\"memory\",\"scope\":\"command-service\",\"clusters\":%d,"
                            + "\"workloads\":%d,\"pods\":%d,\"events\":%d,\"binding_syncs\":%d,\"heap_used_mib\":%.1f,"
                            + "\"service_mib\":%.1f,\"service_idle_mib\":%.1f}", shape.clusters(), shape.workloads(),
                    shape.pods(), events, syncs, usedBytes / MIB, (usedBytes - baselineBytes) / MIB,
                    (idleBytes - baselineBytes) / MIB);
        }
    }

    public static Result measure(FleetShape shape, Consumer<String> progress, boolean histogram, Duration timeout)
            throws InterruptedException {
        System.setProperty("axoniq.update-checker.disabled", "true");
        try (EmbeddedKafka kafka = EmbeddedKafka.start(); EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start()) {
            createTopics(kafka.bootstrapServers());
            String database = postgres.createDatabase("meridian_commands");
            long baseline = MemoryFootprint.usedAfterGc();
            progress.accept(String.format(Locale.ROOT, "kafka and postgresql started; heap used %.1f MiB", baseline / MIB));
            Path migrations = StandaloneRuntime.ownMigrations(CommandServiceApplication.class);
            try (ConfigurableApplicationContext service = start(kafka.bootstrapServers(), postgres, database, migrations)) {
                long idle = MemoryFootprint.usedAfterGc();
                progress.accept(String.format(Locale.ROOT, "command-service started; heap used %.1f MiB", idle / MIB));
                long start = System.nanoTime();
                long events = feed(kafka.bootstrapServers(), shape, progress);
                ClusterState state = service.getBean(ClusterState.class);
                awaitState(state, shape, progress, timeout);
                long syncs = awaitSyncsSettled(service.getBean(BindingSyncQueue.class), progress, timeout);
                double seconds = (System.nanoTime() - start) / 1e9;
                long used = MemoryFootprint.usedAfterGc();
                progress.accept(String.format(Locale.ROOT, "%d events taken and %d binding syncs done in %.1f s; heap used"
                        + " %.1f MiB after GC", events, syncs, seconds, used / MIB));
                if (histogram) {
                    progress.accept(HeapHistogram.top(25));
                }
                return new Result(shape, events, syncs, baseline, idle, used, seconds);
            }
        }
    }

    private static ConfigurableApplicationContext start(String bootstrap, EmbeddedPostgresServer postgres, String database,
                                                        Path migrations) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("server.port", 0);
        p.put("server.address", "127.0.0.1");
        p.put("spring.datasource.url", database);
        p.put("spring.datasource.username", postgres.username());
        p.put("spring.datasource.password", postgres.password());
        p.put("meridian.kafka-bootstrap-servers", bootstrap);
        // no cluster turns unreachable while the benchmark runs: what is measured is the service holding everything
        p.put("meridian.failover.unreachable-seconds", 86_400);
        p.put("spring.main.banner-mode", "off");
        p.put("spring.main.register-shutdown-hook", "false");
        p.put("spring.jmx.enabled", "false");
        p.put("logging.level.root", "WARN");
        p.put("logging.level.org.apache.kafka", "ERROR");
        p.put("spring.config.location", "optional:" + StandaloneRuntime.ownApplicationYaml(CommandServiceApplication.class));
        if (migrations != null) {
            p.put("spring.flyway.locations", "filesystem:" + migrations);
        }
        String[] args = p.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
        return new SpringApplicationBuilder(CommandServiceApplication.class).logStartupInfo(false).run(args);
    }

    private static void createTopics(String bootstrap) {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            List<NewTopic> topics = new ArrayList<>();
            for (String topic : List.of(Topics.CLUSTER_EVENTS, Topics.MUTATIONS, Topics.MUTATION_RESULTS, Topics.DOMAIN_EVENTS)) {
                topics.add(new NewTopic(topic, 4, (short) 1));
                topics.add(new NewTopic(Topics.deadLetter(topic), 1, (short) 1));
            }
            admin.createTopics(topics).all().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the Kafka topics", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot create the Kafka topics: " + e.getCause().getMessage(), e);
        }
    }

    /** A heartbeat of every cluster (the host first, with its role), then every object; answers how many events. */
    private static long feed(String bootstrap, FleetShape shape, Consumer<String> progress) {
        Instant at = Instant.now();
        Map<String, Object> config = Map.of("bootstrap.servers", bootstrap, "acks", "all", "linger.ms", "20",
                "batch.size", "262144", "compression.type", Topics.COMPRESSION);
        long[] events = {0};
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            List<Future<?>> sent = new ArrayList<>();
            Consumer<ClusterEvent> send = event -> {
                sent.add(producer.send(new ProducerRecord<>(Topics.CLUSTER_EVENTS, event.key(),
                        MessageCodec.CLUSTER_EVENT.encode(event))));
                if (++events[0] % 20_000 == 0) {
                    progress.accept("published " + events[0] + " cluster events");
                }
            };
            send.accept(heartbeat(AgentReports.HOST, "host", at));
            for (int c = 0; c < shape.clusters(); c++) {
                send.accept(heartbeat(FleetShape.memberName(c), "member", at));
            }
            new AgentReports(shape, at).forEach(send);
            for (Future<?> ack : sent) {
                ack.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot publish the cluster events: " + e.getCause(), e.getCause());
        }
        return events[0];
    }

    private static ClusterEvent heartbeat(String cluster, String role, Instant at) {
        return new ClusterEvent(ClusterEvent.SCHEMA_VERSION, UUID.randomUUID().toString(), cluster, at,
                ClusterEvent.Type.HEARTBEAT, null, KernelJson.JSON.createObjectNode().put("role", role));
    }

    private static void awaitState(ClusterState state, FleetShape shape, Consumer<String> progress, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            int templates = state.ofKind(AgentReports.HOST, AgentReports.NAMESPACE, "Deployment").size();
            int pods = 0;
            for (int c = 0; c < shape.clusters(); c++) {
                pods += state.pods(FleetShape.memberName(c), AgentReports.NAMESPACE).size();
            }
            if (templates == shape.workloads() && pods == shape.pods()) {
                progress.accept("the state holds every template and pod");
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("after " + timeout + " the state holds " + templates + " templates and "
                        + pods + " pods");
            }
            progress.accept("the state holds " + templates + " templates and " + pods + " pods");
            Thread.sleep(5_000);
        }
    }

    /** Waits until no binding sync was done for {@link #SETTLED}; answers how many were done. */
    private static long awaitSyncsSettled(BindingSyncQueue syncs, Consumer<String> progress, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long before = -1;
        while (System.nanoTime() < deadline) {
            syncs.awaitIdle(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            long done = syncs.handled();
            if (done == before) {
                return done;
            }
            progress.accept(done + " binding syncs done");
            before = done;
            Thread.sleep(SETTLED.toMillis());
        }
        throw new IllegalStateException("the binding syncs did not settle within " + timeout);
    }
}
