package io.meridian.standalone;

import io.fabric8.kubernetes.client.Config;
import io.meridian.agent.AgentSettings;
import io.meridian.agent.ClusterAgent;
import io.meridian.agent.KafkaEventSink;
import io.meridian.agent.WatchedResource;
import io.meridian.command.CommandServiceApplication;
import io.meridian.embedded.EmbeddedKafka;
import io.meridian.embedded.EmbeddedPostgresServer;
import io.meridian.gateway.GatewayApplication;
import io.meridian.gateway.tls.TlsBootstrap;
import io.meridian.projection.ProjectionServiceApplication;
import io.meridian.schemas.Topics;
import io.meridian.sim.ClusterSpec;
import io.meridian.sim.InformerThreads;
import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedCluster;
import io.meridian.sim.SimulatedFleet;
import java.io.IOException;
import java.io.InputStream;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Every piece of Meridian in this process: Kafka's own KRaft broker (with the topics and their
 * {@code .dlq} companions), embedded PostgreSQL (one database for the command-service, one for the
 * projections), the simulated member clusters, one cluster agent per cluster, and the command-service,
 * projection-service and webhook-gateway, each in its own Spring context configured as pipeline.md
 * says (the {@code MERIDIAN_*} values given as properties). The gateway's webhooks are registered in
 * every simulated cluster. {@link #close()} stops everything in reverse order.
 */
public final class StandaloneRuntime implements AutoCloseable {
    public static final String COMMAND_DATABASE = "meridian_commands";
    public static final String PROJECTION_DATABASE = "meridian_projections";
    static final List<String> TOPICS = List.of(Topics.CLUSTER_EVENTS, Topics.MUTATIONS, Topics.MUTATION_RESULTS,
            Topics.DOMAIN_EVENTS);
    private static final int PARTITIONS = 4;
    private static final String MIGRATIONS = "db/migration";
    private static final String AXON_UPDATE_CHECKER_DISABLED = "axoniq.update-checker.disabled";
    /**
     * Where the simulated members' agents hand their watch events to the Kafka producer: a few threads for all of them
     * (see {@link InformerThreads}), apart from the simulation's own so that a slow producer cannot hold up the members.
     */
    private static final ExecutorService AGENT_INFORMERS = InformerThreads.pool("agent-informers", 4);

    /** What the runtime says while it starts ({@code kafka started (3.1 s)}). */
    public interface Progress extends Consumer<String> {
        Progress SILENT = line -> { };
    }

    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    private final Progress progress;
    private EmbeddedKafka kafka;
    private EmbeddedPostgresServer postgres;
    private SimulatedFleet fleet;
    private Path tlsDirectory;
    private String caBundle;
    private Path kubeconfigs;
    private int commandPort;
    private int projectionPort;
    private int gatewayPort;
    private final Map<String, ConfigurableApplicationContext> services = new LinkedHashMap<>();
    private final Map<String, ServiceDefinition> definitions = new LinkedHashMap<>();

    /** How a service was started, so that it can be started again (tests of restarts and of a second gateway). */
    private record ServiceDefinition(Class<?> application, Map<String, Object> properties, List<String> skip) {
    }

    private StandaloneRuntime(Progress progress) {
        this.progress = progress;
    }

    /** Starts everything for the given fleet; if a piece fails, what was started is stopped again. */
    public static StandaloneRuntime start(List<ClusterSpec> clusters, SimOptions options, Progress progress) {
        StandaloneRuntime runtime = new StandaloneRuntime(progress);
        try {
            runtime.startAll(clusters, options);
            return runtime;
        } catch (RuntimeException | Error e) {
            runtime.close();
            throw e;
        }
    }

    private void startAll(List<ClusterSpec> clusters, SimOptions options) {
        // logging is set up once here, before threads race to initialise it
        org.slf4j.LoggerFactory.getLogger(StandaloneRuntime.class);
        // the standalone process does not phone home (Axon's update checker would try on every start)
        if (System.getProperty(AXON_UPDATE_CHECKER_DISABLED) == null) {
            System.setProperty(AXON_UPDATE_CHECKER_DISABLED, "true");
        }
        // the three servers do not need each other: start them side by side
        CompletableFuture<Void> kafkaUp = CompletableFuture.runAsync(() -> timed("kafka", () -> {
            kafka = quietly(EmbeddedKafka::start);
            createTopics(kafka.bootstrapServers());
        }));
        CompletableFuture<Void> postgresUp = CompletableFuture.runAsync(() -> timed("postgresql", () -> {
            postgres = EmbeddedPostgresServer.start();
            postgres.createDatabase(COMMAND_DATABASE);
            postgres.createDatabase(PROJECTION_DATABASE);
        }));
        CompletableFuture<Void> fleetUp = CompletableFuture.runAsync(() -> timed("simulated clusters "
                + clusters.stream().map(ClusterSpec::name).toList(), () -> {
            fleet = SimulatedFleet.start(clusters, options);
            kubeconfigs = writeKubeconfigs(fleet);
        }));
        RuntimeException failure = null;
        for (CompletableFuture<Void> up : List.of(kafkaUp, postgresUp, fleetUp)) {
            try {
                up.join();
            } catch (CompletionException e) {
                failure = e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        // registered in start order so that close() stops them in reverse
        if (kafka != null) {
            started.push(kafka);
        }
        if (postgres != null) {
            started.push(postgres);
        }
        if (fleet != null) {
            started.push(fleet);
        }
        if (kubeconfigs != null) {
            started.push(() -> deleteRecursively(kubeconfigs));
        }
        if (failure != null) {
            throw failure;
        }
        commandPort = startOnFreePort("command-service", port -> startService("command-service",
                CommandServiceApplication.class, databaseService("command-service", port, COMMAND_DATABASE,
                        "MERIDIAN_COMMAND_PORT"), List.of()));
        projectionPort = startOnFreePort("projection-service", port -> startService("projection-service",
                ProjectionServiceApplication.class, databaseService("projection-service", port, PROJECTION_DATABASE,
                        "MERIDIAN_PROJECTION_PORT"), List.of("org.axonframework")));
        createGatewayCertificate();
        gatewayPort = startOnFreePort("webhook-gateway", port -> startService("webhook-gateway", GatewayApplication.class,
                gatewayProperties(port), List.of("org.axonframework", "org.springframework.boot.jdbc",
                        "org.springframework.boot.flyway", "org.springframework.boot.persistence",
                        "org.springframework.boot.transaction")));
        timed("webhooks registered", this::registerWebhooks);
        timed("cluster agents", this::startAgents);
    }

    /** Starts a service on a free port ({@link FreePortStart}), saying so; answers the port it listens on. */
    private int startOnFreePort(String service, java.util.function.IntConsumer start) {
        return FreePortStart.start(StandaloneRuntime::freePort,
                port -> timed(service + " on :" + port, () -> start.accept(port)),
                port -> report(service + ": port " + port + " was taken before it could listen; trying another"));
    }

    private void timed(String what, Runnable step) {
        long start = System.nanoTime();
        step.run();
        report(String.format(java.util.Locale.ROOT, "%s (%.1f s)", what, (System.nanoTime() - start) / 1e9));
    }

    private synchronized void report(String line) {
        progress.accept(line);
    }

    /** Kafka's storage formatter prints to System.out; the standalone process keeps its output its own. */
    private static <T> T quietly(java.util.function.Supplier<T> action) {
        java.io.PrintStream out = System.out;
        System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        try {
            return action.get();
        } finally {
            System.setOut(out);
        }
    }

    private static void createTopics(String bootstrap) {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            List<NewTopic> topics = new ArrayList<>();
            for (String topic : TOPICS) {
                topics.add(new NewTopic(topic, PARTITIONS, (short) 1));
                topics.add(new NewTopic(Topics.deadLetter(topic), 1, (short) 1));
            }
            admin.createTopics(topics).all().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the Kafka topics", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot create the Kafka topics: " + e.getCause().getMessage(), e);
        }
    }

    private static Path writeKubeconfigs(SimulatedFleet fleet) {
        try {
            Path dir = Files.createTempDirectory("meridian-kubeconfigs");
            for (Map.Entry<String, Path> entry : fleet.kubeconfigs().entrySet()) {
                Files.copy(entry.getValue(), dir.resolve(entry.getKey() + ".kubeconfig"));
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the kubeconfigs folder", e);
        }
    }

    /** A service with its own database: the {@code MERIDIAN_DB_*} values, and its port as {@code portVariable}. */
    private Map<String, Object> databaseService(String service, int port, String database, String portVariable) {
        Map<String, Object> p = common(service, port);
        p.put("MERIDIAN_DB_URL", postgres.jdbcUrl(database));
        p.put("MERIDIAN_DB_USER", postgres.username());
        p.put("MERIDIAN_DB_PASSWORD", postgres.password());
        p.put(portVariable, port);
        return p;
    }

    private void createGatewayCertificate() {
        tlsDirectory = TlsBootstrap.certificateDirectory(null, List.of("localhost"), Instant.now());
        started.push(() -> deleteRecursively(tlsDirectory));
        try {
            caBundle = Base64.getEncoder().encodeToString(
                    Files.readString(tlsDirectory.resolve("ca.crt")).getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException("the gateway's CA certificate cannot be read", e);
        }
    }

    private Map<String, Object> gatewayProperties(int port) {
        Map<String, Object> p = common("webhook-gateway", port);
        p.putAll(TlsBootstrap.serverProperties(tlsDirectory));
        p.put("MERIDIAN_TLS_DIR", tlsDirectory.toString());
        p.put("MERIDIAN_COMMAND_URL", commandUrl());
        p.put("MERIDIAN_KUBECONFIGS_DIR", kubeconfigs.toString());
        p.put("MERIDIAN_DEFAULT_CLUSTER", fleet.host().name());
        p.put("MERIDIAN_GATEWAY_PORT", port);
        return p;
    }

    private Map<String, Object> common(String service, int port) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("server.port", port);
        p.put("server.address", "127.0.0.1");
        p.put("MERIDIAN_KAFKA_BOOTSTRAP", kafka.bootstrapServers());
        p.put("spring.main.banner-mode", "off");
        p.put("spring.main.register-shutdown-hook", "false");
        p.put("spring.jmx.enabled", "false");
        p.put("logging.level.root", "WARN");
        p.put("logging.level.org.apache.kafka", "ERROR");
        p.put("meridian.standalone", "true");
        p.put("meridian.standalone.service", service);
        return p;
    }

    /**
     * One Spring context per service. All services share this class path, so each context reads its own
     * module's {@code application.yml} (found next to its application class) and skips the auto-configurations
     * of the packages it does not use.
     */
    private void startService(String name, Class<?> application, Map<String, Object> properties, List<String> skip) {
        definitions.put(name, new ServiceDefinition(application, Map.copyOf(properties), List.copyOf(skip)));
        Map<String, Object> all = new LinkedHashMap<>(properties);
        all.put("spring.config.location", "optional:" + ownApplicationYaml(application));
        Path migrations = ownMigrations(application);
        if (migrations != null) {
            all.put("spring.flyway.locations", "filesystem:" + migrations);
            started.push(() -> deleteRecursively(migrations));
        }
        all.put(ServiceAutoConfigurationFilter.PROPERTY, String.join(",", skip));
        String[] args = all.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
        ConfigurableApplicationContext context = new SpringApplicationBuilder(application)
                .logStartupInfo(false)
                .run(args);
        services.put(name, context);
        started.push(context::close);
    }

    /** The {@code application.yml} of the module (jar or classes folder) holding {@code application}. */
    public static String ownApplicationYaml(Class<?> application) {
        URL location = application.getProtectionDomain().getCodeSource().getLocation();
        String url = location.toString();
        if (url.endsWith(".jar")) {
            return "jar:" + url + "!/application.yml";
        }
        return (url.endsWith("/") ? url : url + "/") + "application.yml";
    }

    /**
     * The Flyway migrations of the module holding {@code application}, copied to a temporary folder (null when
     * it has none): on a shared class path {@code classpath:db/migration} would hold every service's migrations.
     */
    public static Path ownMigrations(Class<?> application) {
        try {
            Path source = Path.of(application.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path target = Files.createTempDirectory("meridian-migrations");
            int copied = 0;
            if (Files.isDirectory(source)) {
                Path dir = source.resolve(MIGRATIONS);
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> files = Files.list(dir)) {
                        for (Path file : files.filter(Files::isRegularFile).toList()) {
                            Files.copy(file, target.resolve(file.getFileName().toString()));
                            copied++;
                        }
                    }
                }
            } else {
                try (JarFile jar = new JarFile(source.toFile())) {
                    for (JarEntry entry : java.util.Collections.list(jar.entries())) {
                        String name = entry.getName();
                        if (!entry.isDirectory() && name.startsWith(MIGRATIONS + "/") && name.indexOf('/', MIGRATIONS.length() + 1) < 0) {
                            try (InputStream in = jar.getInputStream(entry)) {
                                Files.copy(in, target.resolve(name.substring(MIGRATIONS.length() + 1)));
                            }
                            copied++;
                        }
                    }
                }
            }
            if (copied == 0) {
                deleteRecursively(target);
                return null;
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the migrations of " + application.getSimpleName(), e);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private void registerWebhooks() {
        routeWebhooksTo(gatewayUrl());
    }

    /**
     * Points every cluster's webhooks at {@code url} (a gateway, or a relay in front of several that presents the
     * gateway's certificate), and gives the simulated API servers a moment to see it.
     */
    public void routeWebhooksTo(String url) {
        for (SimulatedCluster cluster : fleet.clusters()) {
            cluster.api().apply(Webhooks.manifest(url, cluster.name(), caBundle));
        }
        // the simulated API server reads webhook configurations from a watch; give it a moment to see them
        sleep(Duration.ofMillis(700));
    }

    private void startAgents() {
        List<SimulatedCluster> clusters = fleet.clusters();
        // one producer for every agent of this process, closed after them (a producer each: a request per event)
        KafkaProducer<String, String> events = KafkaEventSink.newProducer(kafka.bootstrapServers());
        started.push(() -> KafkaEventSink.close(events));
        for (int i = 0; i < clusters.size(); i++) {
            SimulatedCluster cluster = clusters.get(i);
            Config config;
            try {
                config = Config.fromKubeconfig(Files.readString(cluster.kubeconfigPath()));
                // a loaded machine can take longer than fabric8's 10 s default to connect
                config.setConnectionTimeout(60_000);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ClusterAgent agent = new ClusterAgent(
                    new AgentSettings(cluster.name(), i == 0 ? "host" : "member", 50, 100, Duration.ofSeconds(3)),
                    config, new CutOffSink(KafkaEventSink.sharing(events, Clock.systemUTC()), cluster::isUnreachable), Clock.systemUTC(),
                    () -> UUID.randomUUID().toString(), WatchedResource.defaults(), AGENT_INFORMERS);
            agent.start();
            started.push(agent);
        }
    }

    /**
     * Stops one service (its Spring context) and leaves everything else running, as when its process dies;
     * {@link #restartService} starts it again. For the failure tests.
     */
    public synchronized void stopService(String name) {
        ConfigurableApplicationContext context = services.remove(name);
        if (context == null) {
            throw new IllegalArgumentException("no running service " + name);
        }
        context.close();
    }

    /** Starts a stopped service again with its first configuration (same port, same database, same Kafka groups). */
    public synchronized void restartService(String name) {
        ServiceDefinition definition = definitions.get(name);
        if (definition == null || services.containsKey(name)) {
            throw new IllegalArgumentException("no stopped service " + name);
        }
        timed(name + " restarted", () -> startService(name, definition.application(), definition.properties(), definition.skip()));
    }

    /**
     * Starts one more webhook-gateway, configured as the first one but on its own port (the same certificate,
     * command-service, Kafka and clusters), and answers its URL. The webhooks keep calling the first gateway.
     */
    public synchronized String startAnotherGateway(String name) {
        ServiceDefinition gateway = definitions.get("webhook-gateway");
        int port = freePort();
        Map<String, Object> properties = new LinkedHashMap<>(gateway.properties());
        properties.put("server.port", port);
        properties.put("MERIDIAN_GATEWAY_PORT", port);
        properties.put("meridian.standalone.service", name);
        timed(name + " on :" + port, () -> startService(name, gateway.application(), properties, gateway.skip()));
        return "https://127.0.0.1:" + port;
    }

    public SimulatedFleet fleet() {
        return fleet;
    }

    public String kafkaBootstrap() {
        return kafka.bootstrapServers();
    }

    public EmbeddedPostgresServer postgres() {
        return postgres;
    }

    public String commandUrl() {
        return "http://127.0.0.1:" + commandPort;
    }

    public String projectionUrl() {
        return "http://127.0.0.1:" + projectionPort;
    }

    public String gatewayUrl() {
        return "https://127.0.0.1:" + gatewayPort;
    }

    /** The gateway's CA certificate, base64 PEM (the webhooks' caBundle). */
    public String caBundle() {
        return caBundle;
    }

    /** The gateway's CA certificate file. */
    public Path caCertificate() {
        return tlsDirectory.resolve("ca.crt");
    }

    /** The running Spring contexts by service name. */
    public Map<String, ConfigurableApplicationContext> services() {
        return Map.copyOf(services);
    }

    /** The history API of one WorkloadSpread. */
    public String historyUrl(String cluster, String namespace, String name) {
        return projectionUrl() + "/api/workloadspreads/" + cluster + "/" + namespace + "/" + name + "/history";
    }

    /** Stops what was started, newest first; a piece that fails to stop does not keep the others running. */
    @Override
    public synchronized void close() {
        while (!started.isEmpty()) {
            AutoCloseable next = started.pop();
            try {
                next.close();
            } catch (Exception e) {
                progress.accept("stopping: " + e.getMessage());
            }
        }
        services.clear();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteRecursively(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is harmless
        }
    }
}
