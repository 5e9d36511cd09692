package io.meridian.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.meridian.core.validation.ManifestValidator;
import io.meridian.schemas.Topics;
import io.meridian.sim.AdmissionDeniedException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * WorkloadSpread behaviour over the standalone process (every service, real Kafka and PostgreSQL, simulated
 * cluster), seen as a user sees it: pods in the cluster, the spread's status, the history API. One runtime for
 * the class, one namespace per test.
 */
@Tag("e2e")
class SpreadBehaviourE2ETest {
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static E2eFleet fleet;

    @BeforeAll
    static void start() {
        fleet = E2eFleet.start();
    }

    @AfterAll
    static void stop() {
        if (fleet != null) {
            fleet.close();
        }
    }

    @Test
    void aFullZonesPodsAreRescheduledTheSubsetTurnsUnschedulableAndRecoversAfterTheWindow() {
        String ns = "adaptive";
        fleet.apply(adaptiveSpread(ns));
        fleet.deployment(ns, "web", 0);
        awaitSpreadKnown(ns);
        fleet.cluster().zoneFull("c");
        JsonNode unschedulable;
        try {
            fleet.scale(ns, "web", 3);

            await("the pods that cannot start in zone c recreated in d").atMost(PATIENCE).untilAsserted(() ->
                    assertThat(fleet.counts(ns, "ws")).containsEntry("d", 3).doesNotContainKey("(no subset)")
                            .satisfies(c -> assertThat(c.getOrDefault("c", 0)).isZero()));
            unschedulable = await("subset c unschedulable").atMost(PATIENCE)
                    .until(() -> schedulable(ns, "c"), c -> c.isPresent() && "False".equals(c.get().path("status").asText()))
                    .orElseThrow();
            assertThat(fleet.history(ns, "ws")).contains("rescheduled by the Adaptive strategy");
        } finally {
            fleet.cluster().recover();
        }
        JsonNode recovered = await("subset c schedulable again after the window").atMost(PATIENCE)
                .until(() -> schedulable(ns, "c"), c -> c.isPresent() && "True".equals(c.get().path("status").asText()))
                .orElseThrow();
        Instant falseSince = Instant.parse(unschedulable.path("lastTransitionTime").asText());
        assertThat(Duration.between(falseSince, Instant.parse(recovered.path("lastTransitionTime").asText())))
                .isGreaterThanOrEqualTo(Duration.ofSeconds(WINDOW_SECONDS - 1));

        fleet.scale(ns, "web", 6);
        await("new pods placed in the recovered subset c").atMost(PATIENCE).untilAsserted(() ->
                assertThat(fleet.counts(ns, "ws")).isEqualTo(Map.of("c", 3, "d", 3)));
    }

    @Test
    void anInvalidWorkloadSpreadIsRejectedWithTheKernelsMessage() throws Exception {
        String manifest = """
                apiVersion: apps.kruise.io/v1beta1
                kind: WorkloadSpread
                metadata: {name: mixed, namespace: invalid}
                spec:
                  targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
                  subsets:
                  - {name: a, maxReplicas: 3}
                  - {name: b, maxReplicas: 30%}
                """;
        List<String> kernel = ManifestValidator.validate(YAML.readTree(manifest)).rendered();
        assertThat(kernel).isNotEmpty();

        assertThatThrownBy(() -> fleet.apply(manifest))
                .isInstanceOf(AdmissionDeniedException.class)
                .hasMessageContaining("spec.subsets[1].maxReplicas: Invalid value: \"30%\": "
                        + "the maxReplicas type of all subsets must be the same")
                .satisfies(e -> assertThat(e.getMessage()).contains(kernel));
        assertThat(fleet.cluster().api().get("WorkloadSpread", "invalid", "mixed")).isNull();
    }

    @Test
    void anInvalidKarmadaClusterIsRejectedWithTheKernelsMessage() throws Exception {
        String manifest = """
                apiVersion: cluster.karmada.io/v1alpha1
                kind: Cluster
                metadata: {name: edge-1}
                spec: {syncMode: Sideways}
                """;
        List<String> kernel = ManifestValidator.validate(YAML.readTree(manifest)).rendered();
        assertThat(kernel).isNotEmpty();

        assertThatThrownBy(() -> fleet.apply(manifest))
                .isInstanceOf(AdmissionDeniedException.class)
                .hasMessageContaining("spec.syncMode")
                .satisfies(e -> assertThat(e.getMessage()).contains(kernel));
        assertThat(fleet.cluster().api().get("Cluster", null, "edge-1")).isNull();
    }

    @Test
    void aMalformedClusterEventLandsInTheDeadLetterTopicWithItsReasonAndTheRestGoesOn() {
        String key = E2eFleet.CLUSTER + "/dlq/Pod/garbage-" + UUID.randomUUID();
        String garbage = "{\"schemaVersion\": 1, \"truncated";
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProperties())) {
            producer.send(new ProducerRecord<>(Topics.CLUSTER_EVENTS, key, garbage)).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }

        ConsumerRecord<String, String> dead = await("the record in " + Topics.deadLetter(Topics.CLUSTER_EVENTS))
                .atMost(PATIENCE).until(() -> deadLetter(key), Optional::isPresent).orElseThrow();
        assertThat(dead.value()).isEqualTo(garbage);
        Header reason = dead.headers().lastHeader("meridian.dlq.reason");
        assertThat(reason).isNotNull();
        assertThat(new String(reason.value(), StandardCharsets.UTF_8)).isNotBlank();

        // what comes after it on the same topic is still handled: a new spread places new pods
        String ns = "dlq";
        fleet.apply(twoZoneSpread(ns, 2));
        fleet.deployment(ns, "web", 0);
        awaitSpreadKnown(ns);
        fleet.scale(ns, "web", 3);
        await("pods placed after the malformed record").atMost(PATIENCE).untilAsserted(() ->
                assertThat(fleet.counts(ns, "ws")).isEqualTo(Map.of("a", 2, "b", 1)));
    }

    static final int WINDOW_SECONDS = 12;

    private static String adaptiveSpread(String ns) {
        return spread(ns, "c", 3, "d", """
                  scheduleStrategy:
                    type: Adaptive
                    adaptive: {rescheduleCriticalSeconds: 2, unschedulableSeconds: %d}
                """.formatted(WINDOW_SECONDS));
    }

    /** Subset {@code a} (zone a, maxReplicas {@code maxA}) then {@code b} (zone b, unlimited). */
    static String twoZoneSpread(String ns, int maxA) {
        return spread(ns, "a", maxA, "b", "");
    }

    /**
     * Spread {@code ws} of Deployment {@code web}: subset {@code first} on zone {@code first} with {@code max}, then
     * {@code second} on its zone, unlimited; {@code more} is appended to the spec.
     */
    private static String spread(String ns, String first, int max, String second, String more) {
        return """
                apiVersion: apps.kruise.io/v1alpha1
                kind: WorkloadSpread
                metadata: {name: ws, namespace: %1$s}
                spec:
                  targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
                  subsets:
                  - name: %2$s
                    requiredNodeSelectorTerm:
                      matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [%2$s]}]
                    maxReplicas: %3$d
                  - name: %4$s
                    requiredNodeSelectorTerm:
                      matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [%4$s]}]
                """.formatted(ns, first, max, second) + more;
    }

    /** Waits until the spread's first status is written: the command-service knows it and its workload. */
    static void awaitSpreadKnown(String ns) {
        await("the spread's first status").atMost(PATIENCE).until(() -> status(ns).path("subsetStatuses").size() > 0);
    }

    static JsonNode status(String ns) {
        GenericKubernetesResource spread = fleet.cluster().api().get("WorkloadSpread", ns, "ws");
        return spread == null ? Serialization.jsonMapper().missingNode()
                : Serialization.jsonMapper().valueToTree(spread).path("status");
    }

    private static Optional<JsonNode> schedulable(String ns, String subset) {
        for (JsonNode row : status(ns).path("subsetStatuses")) {
            if (subset.equals(row.path("name").asText())) {
                for (JsonNode condition : row.path("conditions")) {
                    if ("Schedulable".equals(condition.path("type").asText())) {
                        return Optional.of(condition);
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Properties producerProperties() {
        Properties p = new Properties();
        p.put("bootstrap.servers", fleet.runtime.kafkaBootstrap());
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        p.put("acks", "all");
        return p;
    }

    private static Optional<ConsumerRecord<String, String>> deadLetter(String key) {
        Properties p = new Properties();
        p.put("bootstrap.servers", fleet.runtime.kafkaBootstrap());
        p.put("key.deserializer", StringDeserializer.class.getName());
        p.put("value.deserializer", StringDeserializer.class.getName());
        p.put("enable.auto.commit", "false");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.deadLetter(Topics.CLUSTER_EVENTS)).stream()
                    .map(i -> new TopicPartition(i.topic(), i.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (key.equals(record.key())) {
                        return Optional.of(record);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
