package io.meridian.gateway.applier;

import static io.meridian.gateway.applier.MutationExecutorTest.mutation;
import static io.meridian.gateway.applier.MutationExecutorTest.pod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.gateway.GatewayHttps;
import io.meridian.gateway.tls.TlsBootstrap;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.MutationResult.Outcome;
import io.meridian.schemas.MutationResult;
import io.meridian.schemas.ObjectRef;
import io.meridian.schemas.Topics;
import io.meridian.schemas.kafka.DeadLetters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The applier between a real Kafka broker and CRUD mock apiservers: mutations converge, duplicates are
 * Noops, garbage goes to the dead-letter topic, and an unreachable cluster is retried until it returns.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DirtiesContext
class MutationApplierIntegrationTest {
    private static final java.util.logging.Logger MOCK_LOG = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");
    private static final ObjectMapper JSON = new ObjectMapper();
    static final KafkaBroker kafka = TestInfrastructure.kafka();
    static final KubernetesMockServer member1 = crudServer();
    static final KubernetesClient kube;
    static final Path kubeconfigs;
    static final ReservedPort member2Port = new ReservedPort();
    static final ReservedPort member3Port = new ReservedPort();
    static final Path TLS = TlsBootstrap.certificateDirectory(null, List.of("localhost"), Instant.now());
    static final KafkaProducer<String, String> producer;
    static final List<MutationResult> RESULTS = new CopyOnWriteArrayList<>();
    static final Thread resultReader;
    static volatile boolean reading = true;

    static {
        MOCK_LOG.setLevel(Level.WARNING);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(Topics.MUTATIONS, 2, (short) 1),
                    new NewTopic(Topics.MUTATION_RESULTS, 2, (short) 1),
                    new NewTopic(Topics.deadLetter(Topics.MUTATIONS), 1, (short) 1))).all().get();
            member1.init();
            kube = member1.createClient();
            kubeconfigs = Kubeconfigs.directory();
            Kubeconfigs.write(kubeconfigs, "member1", kube.getConfiguration().getMasterUrl());
            Kubeconfigs.write(kubeconfigs, "member2", "http://127.0.0.1:" + member2Port.port() + "/");
            Kubeconfigs.write(kubeconfigs, "member3", "http://127.0.0.1:" + member3Port.port() + "/");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        producer = new KafkaProducer<>(Map.of("bootstrap.servers", kafka.bootstrapServers(), "acks", "all",
                "enable.idempotence", "true"), new StringSerializer(), new StringSerializer());
        resultReader = new Thread(MutationApplierIntegrationTest::readResults, "results-reader");
        resultReader.start();
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TlsBootstrap.serverProperties(TLS).forEach((k, v) -> registry.add(k, () -> v));
        registry.add("meridian.kafka.bootstrap", kafka::bootstrapServers);
        registry.add("meridian.kafka.group", () -> "gateway-test");
        registry.add("meridian.kubeconfigs-dir", kubeconfigs::toString);
        registry.add("meridian.applier.backoff-initial", () -> "50ms");
        registry.add("meridian.applier.backoff-max", () -> "400ms");
        registry.add("meridian.applier.request-timeout", () -> "2s");
        registry.add("meridian.applier.max-pending-per-partition", () -> "6");
    }

    @Autowired
    ConfigurableApplicationContext context;
    @LocalServerPort
    int port;

    @AfterAll
    void stop() throws Exception {
        // the applier stops before the broker does (the context itself closes after this method)
        context.getBean(MutationApplier.class).close();
        reading = false;
        resultReader.join(5_000);
        producer.close();
        kube.close();
        member1.destroy();
        member2Port.close();
        member3Port.close();
        kafka.close();
    }

    @Test
    void theApplierIsHealthyAndCountsItsResults() throws Exception {
        publish(mutation("health/0", Mutation.Type.DELETE_POD, pod("never-there", null), "{}"));
        awaitOutcomes("health/0", Outcome.NOOP);

        GatewayHttps https = new GatewayHttps(TLS, port);
        assertThat(https.get("/actuator/health/mutationApplier")).contains("\"status\":\"UP\"").contains("inFlight");
        assertThat(https.get("/actuator/prometheus"))
                .contains("meridian_applier_results_total{outcome=\"Noop\",type=\"DeletePod\"}")
                .contains("meridian_applier_inflight");
    }

    @Test
    void eachMutationIsTimedWaitingForItsLaneAndReachingItsResult() throws Exception {
        MeterRegistry registry = context.getBean(MeterRegistry.class);
        long waitedBefore = timed(registry, MutationApplier.WAIT_TIMER);
        long appliedBefore = timed(registry, MutationApplier.APPLY_TIMER);

        publish(mutation("timed/0", Mutation.Type.DELETE_POD, pod("never-there-either", null), "{}"));
        awaitOutcomes("timed/0", Outcome.NOOP);

        assertThat(timed(registry, MutationApplier.WAIT_TIMER)).isEqualTo(waitedBefore + 1);
        assertThat(timed(registry, MutationApplier.APPLY_TIMER)).isEqualTo(appliedBefore + 1);
    }

    private static long timed(MeterRegistry registry, String timer) {
        Timer deletes = registry.find(timer).tag("type", "DeletePod").timer();
        return deletes == null ? 0 : deletes.count();
    }

    static KubernetesMockServer crudServer() {
        return Kubeconfigs.crudServer();
    }

    private static void readResults() {
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers(),
                "group.id", "results-reader", "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.MUTATION_RESULTS));
            while (reading) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (MessageCodec.MUTATION_RESULT.decode(record.value()) instanceof Decoded.Accepted<MutationResult> accepted) {
                        assertThat(record.key()).isEqualTo(accepted.message().cluster());
                        RESULTS.add(accepted.message());
                    }
                }
            }
        }
    }

    private static RecordMetadata publish(Mutation mutation) throws Exception {
        return producer.send(new ProducerRecord<>(Topics.MUTATIONS, mutation.cluster(), MessageCodec.MUTATION.encode(mutation))).get();
    }

    /** The next offset the applier's group will read on the record's partition (0 before any commit). */
    private static long committedAfter(RecordMetadata record) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
            OffsetAndMetadata committed = admin.listConsumerGroupOffsets("gateway-test").partitionsToOffsetAndMetadata().get()
                    .get(new TopicPartition(record.topic(), record.partition()));
            return committed == null ? 0 : committed.offset();
        }
    }

    private static List<Outcome> outcomes(String mutationId) {
        return RESULTS.stream().filter(r -> r.mutationId().equals(mutationId)).map(MutationResult::outcome).toList();
    }

    private static void awaitOutcomes(String mutationId, Outcome... expected) {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(outcomes(mutationId)).containsExactly(expected));
    }

    private static Mutation in(String cluster, Mutation m) {
        return new Mutation(m.schemaVersion(), m.mutationId(), cluster, m.issuedAt(), m.aggregateId(), m.decisionId(), m.type(),
                m.target(), m.body());
    }

    @Test
    void everyMutationTypeConvergesAndTheDuplicatesAreNoops() throws Exception {
        String uid = kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("all-1").endMetadata()
                .build()).create().getMetadata().getUid();
        kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("all-2").endMetadata().build()).create();
        kube.apps().deployments().inNamespace("deploy").resource(new DeploymentBuilder().withNewMetadata().withName("all-web")
                .endMetadata().withNewSpec().withReplicas(1).endSpec().build()).create();
        kube.apps().deployments().inNamespace("deploy").resource(new DeploymentBuilder().withNewMetadata().withName("all-old")
                .endMetadata().build()).create();
        ObjectRef ws = new ObjectRef("apps.kruise.io/v1alpha1", "WorkloadSpread", "deploy", "all-ws", null, null);
        kube.genericKubernetesResources(Targets.context(ws)).inNamespace("deploy").resource(JSON.readValue(
                "{\"apiVersion\":\"apps.kruise.io/v1alpha1\",\"kind\":\"WorkloadSpread\",\"metadata\":{\"name\":\"all-ws\"},\"spec\":{}}",
                GenericKubernetesResource.class)).create();
        List<Mutation> mutations = List.of(
                mutation("all/0", Mutation.Type.SET_POD_DELETION_COST, pod("all-2", null), "{\"cost\":\"-100\"}"),
                mutation("all/1", Mutation.Type.PATCH_POD, pod("all-2", null), "{\"labels\":{\"subset\":\"ack\"}}"),
                mutation("all/2", Mutation.Type.WRITE_STATUS, ws, "{\"status\":{\"observedGeneration\":1}}"),
                mutation("all/3", Mutation.Type.APPLY_OBJECT, new ObjectRef("apps.kruise.io/v1alpha1", "CloneSet", "deploy",
                        "all-ack", null, null), "{\"object\":{\"spec\":{\"replicas\":2}}}"),
                mutation("all/4", Mutation.Type.SCALE, new ObjectRef("apps/v1", "Deployment", "deploy", "all-web", null, null),
                        "{\"replicas\":3}"),
                mutation("all/5", Mutation.Type.DELETE_OBJECT, new ObjectRef("apps/v1", "Deployment", "deploy", "all-old", null, null),
                        "{}"),
                mutation("all/6", Mutation.Type.DELETE_POD, pod("all-1", uid), "{\"reason\":\"reschedule\"}"));
        for (Mutation m : mutations) {
            publish(m);
        }
        for (Mutation m : mutations) {
            awaitOutcomes(m.mutationId(), Outcome.PATCHED);
        }
        assertThat(kube.pods().inNamespace("deploy").withName("all-2").get().getMetadata().getLabels()).containsEntry("subset", "ack");
        assertThat(kube.apps().deployments().inNamespace("deploy").withName("all-web").get().getSpec().getReplicas()).isEqualTo(3);
        assertThat(kube.pods().inNamespace("deploy").withName("all-1").get()).isNull();

        for (Mutation m : mutations) {
            publish(m);
        }
        for (Mutation m : mutations) {
            awaitOutcomes(m.mutationId(), Outcome.PATCHED, Outcome.NOOP);
        }
    }

    @Test
    void aDeletePodWithAStaleUidLeavesTheNewPodAlone() throws Exception {
        kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("stale-1").withUid("new-uid")
                .endMetadata().build()).create();

        publish(mutation("stale/0", Mutation.Type.DELETE_POD, pod("stale-1", "old-uid"), "{\"reason\":\"reschedule\"}"));

        awaitOutcomes("stale/0", Outcome.NOOP);
        assertThat(kube.pods().inNamespace("deploy").withName("stale-1").get()).isNotNull();
    }

    @Test
    void aMalformedRecordGoesToTheDeadLetterTopicWithItsReasonAndTheNextIsApplied() throws Exception {
        kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("after-garbage").endMetadata()
                .build()).create();
        producer.send(new ProducerRecord<>(Topics.MUTATIONS, "member1", "{\"schemaVersion\":1,\"mutationId\":")).get();
        publish(mutation("garbage/0", Mutation.Type.SET_POD_DELETION_COST, pod("after-garbage", null), "{\"cost\":\"5\"}"));

        awaitOutcomes("garbage/0", Outcome.PATCHED);
        ConsumerRecord<String, String> dead = firstDeadLetter();
        assertThat(dead.key()).isEqualTo("member1");
        assertThat(dead.value()).isEqualTo("{\"schemaVersion\":1,\"mutationId\":");
        assertThat(new String(dead.headers().lastHeader(DeadLetters.REASON_HEADER).value(), StandardCharsets.UTF_8))
                .startsWith("not JSON");
    }

    @Test
    void anUnreachableClusterIsReportedAndRetriedUntilItReturns() throws Exception {
        ObjectRef configMap = new ObjectRef("v1", "ConfigMap", "deploy", "away-1", null, null);
        RecordMetadata record = publish(in("member2", mutation("away/0", Mutation.Type.APPLY_OBJECT, configMap,
                "{\"object\":{\"data\":{\"zone\":\"ack\"}}}")));

        awaitOutcomes("away/0", Outcome.UNREACHABLE);
        Thread.sleep(500);
        assertThat(committedAfter(record)).as("not committed before its final result").isLessThanOrEqualTo(record.offset());
        KubernetesMockServer member2 = crudServer();
        member2Port.close();
        member2.init(InetAddress.getLoopbackAddress(), member2Port.port());
        try (KubernetesClient kube2 = member2.createClient()) {
            awaitOutcomes("away/0", Outcome.UNREACHABLE, Outcome.PATCHED);
            await().atMost(Duration.ofSeconds(30)).until(() -> committedAfter(record) > record.offset());
            assertThat(kube2.configMaps().inNamespace("deploy").withName("away-1").get().getData()).containsEntry("zone", "ack");
        } finally {
            member2.destroy();
        }
    }

    @Test
    void recordsParkedForAnUnreachableClusterDoNotHoldUpAHealthyOneOnTheirPartition() throws Exception {
        for (int i = 0; i < 10; i++) {
            ObjectRef away = new ObjectRef("v1", "ConfigMap", "deploy", "parked-" + i, null, null);
            publishTo(0, in("member3", mutation("parked/" + i, Mutation.Type.APPLY_OBJECT, away, "{\"object\":{\"data\":{}}}")));
        }
        awaitOutcomes("parked/0", Outcome.UNREACHABLE);
        Thread.sleep(1_000); // several polls: a partition paused for the parked records would stay paused

        ObjectRef near = new ObjectRef("v1", "ConfigMap", "deploy", "beside-parked", null, null);
        publishTo(0, in("member1", mutation("beside/0", Mutation.Type.APPLY_OBJECT, near,
                "{\"object\":{\"data\":{\"zone\":\"near\"}}}")));

        awaitOutcomes("beside/0", Outcome.PATCHED);
        assertThat(kube.configMaps().inNamespace("deploy").withName("beside-parked").get().getData())
                .containsEntry("zone", "near");
        assertThat(outcomes("parked/9")).as("still parked").isEmpty();

        // member3 answers again: the parked records are applied (so the partition's offsets move on)
        KubernetesMockServer member3 = crudServer();
        member3Port.close();
        member3.init(InetAddress.getLoopbackAddress(), member3Port.port());
        try {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(outcomes("parked/9")).contains(Outcome.PATCHED));
        } finally {
            member3.destroy();
        }
    }

    private static void publishTo(int partition, Mutation mutation) throws Exception {
        producer.send(new ProducerRecord<>(Topics.MUTATIONS, partition, mutation.cluster(),
                MessageCodec.MUTATION.encode(mutation))).get();
    }

    private static ConsumerRecord<String, String> firstDeadLetter() {
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers(),
                "group.id", "dlq-reader", "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.deadLetter(Topics.MUTATIONS)));
            List<ConsumerRecord<String, String>> seen = new ArrayList<>();
            for (int i = 0; i < 30 && seen.isEmpty(); i++) {
                consumer.poll(Duration.ofMillis(500)).forEach(seen::add);
            }
            assertThat(seen).isNotEmpty();
            return seen.get(0);
        }
    }
}
