package io.meridian.command.it;

import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.CommandServiceApplication;
import io.meridian.command.cluster.ClusterEventConsumer;
import io.meridian.schemas.kafka.DeadLetters;
import io.meridian.command.ws.KernelJson;
import io.meridian.embedded.EmbeddedKafka;
import io.meridian.embedded.EmbeddedPostgresServer;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.ObjectRef;
import io.meridian.schemas.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static io.meridian.command.it.Infra.*;

/**
 * The command-service over a real Kafka broker and a real PostgreSQL: cluster events in, admissions
 * through the HTTP API, a restart in the middle, mutations and domain events out, a bad record to the .dlq.
 */
class PipelineIntegrationTest {
    static final String CLUSTER = "member1";
    static final String DB = POSTGRES.createDatabase("pipeline");

    @Test
    void admissionsRespectMaxReplicasAcrossConcurrencyAndARestart() throws Exception {
        upsert(CLUSTER, "CloneSet", "apps.kruise.io/v1alpha1", "ns", "web", cloneSet(50));
        upsert(CLUSTER, "WorkloadSpread", "apps.kruise.io/v1alpha1", "ns", "ws", spread("ws", 10));
        publish("garbage-key", "{ this is not json");
        ClusterEvent heartbeat = new ClusterEvent(1, UUID.randomUUID().toString(), CLUSTER, Instant.now(),
                ClusterEvent.Type.HEARTBEAT, null, KernelJson.JSON.createObjectNode().put("role", "member"));
        publish(heartbeat.key(), MessageCodec.CLUSTER_EVENT.encode(heartbeat));
        ObjectNode other = spread("after-garbage", 1);
        ((ObjectNode) other.get("spec")).putObject("targetRef").put("apiVersion", "apps/v1").put("kind", "Deployment")
                .put("name", "other");
        upsert(CLUSTER, "WorkloadSpread", "apps.kruise.io/v1alpha1", "ns", "after-garbage", other);

        List<String> all = IntStream.range(0, 50).mapToObj(i -> "web-" + i).toList();
        Map<String, String> subsets = new HashMap<>();
        Set<String> decisions = new HashSet<>();

        ConfigurableApplicationContext first = start(DB);
        JdbcTemplate jdbc = first.getBean(JdbcTemplate.class);
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> first.getBean(ClusterEventConsumer.class).isCaughtUp()
                    && count(jdbc, "member1/ns/ws") > 0
                    && count(jdbc, "member1/ns/after-garbage") > 0);
            List<JsonNode> answers = admitConcurrently(port(first), CLUSTER, all.subList(0, 25));
            for (int i = 0; i < 25; i++) {
                subsets.put(all.get(i), subsetOf(answers.get(i)));
                decisions.add(answers.get(i).path("decisionId").asText());
            }
        } finally {
            first.close();
        }

        ConfigurableApplicationContext second = start(DB);
        try {
            JdbcTemplate jdbc2 = second.getBean(JdbcTemplate.class);
            await().atMost(Duration.ofSeconds(30)).until(() -> second.getBean(ClusterEventConsumer.class).isCaughtUp());
            List<JsonNode> answers = admitConcurrently(port(second), CLUSTER, all.subList(25, 50));
            for (int i = 0; i < 25; i++) {
                subsets.put(all.get(25 + i), subsetOf(answers.get(i)));
                decisions.add(answers.get(i).path("decisionId").asText());
            }
            assertThat(subsets.values().stream().filter("zone-a"::equals).count()).isEqualTo(10);
            assertThat(subsets.values().stream().filter("zone-b"::equals).count()).isEqualTo(40);
            assertThat(decisions).hasSize(50);
            Integer stored = jdbc2.queryForObject("select count(*) from domainevententry where aggregateidentifier = 'member1/ns/ws'"
                    + " and payloadtype like '%PodsAdmitted'", Integer.class);
            assertThat(stored).isPositive();

            // pods show up in the cluster: a sync publishes deletion costs and the status
            for (String name : all.subList(0, 12)) {
                ObjectNode running = pod(name);
                ((ObjectNode) running.get("metadata")).putObject("annotations").put(
                        io.meridian.core.ws.MatchedWorkloadSpread.ANNOTATION,
                        new io.meridian.core.ws.MatchedWorkloadSpread("ws", subsets.get(name), "").toAnnotationValue());
                running.putObject("status").put("phase", "Running");
                upsert(CLUSTER, "Pod", "v1", "ns", name, running);
            }
            List<Mutation> mutations = new ArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                mutations.clear();
                readAll(Topics.MUTATIONS, 1).stream().filter(r -> CLUSTER.equals(r.key())).forEach(r -> mutations.add(
                        ((io.meridian.schemas.Decoded.Accepted<Mutation>) MessageCodec.MUTATION.decode(r.value())).message()));
                return mutations.stream().anyMatch(m -> m.type() == Mutation.Type.WRITE_STATUS)
                        && mutations.stream().anyMatch(m -> m.type() == Mutation.Type.SET_POD_DELETION_COST);
            });
            assertThat(mutations).allSatisfy(m -> {
                assertThat(m.decisionId()).startsWith(m.aggregateId() + "@");
                assertThat(m.mutationId()).matches(java.util.regex.Pattern.quote(m.decisionId()) + "/\\d+");
                assertThat(m.cluster()).isEqualTo(CLUSTER);
            });

            // the applier's answers: a failed status write is recorded on the spread; garbage goes to the .dlq
            Mutation writeStatus = mutations.stream().filter(m -> m.type() == Mutation.Type.WRITE_STATUS
                    && m.aggregateId().equals("member1/ns/ws")).findFirst().orElseThrow();
            publish(Topics.MUTATION_RESULTS, CLUSTER, MessageCodec.MUTATION_RESULT.encode(new io.meridian.schemas.MutationResult(1,
                    writeStatus.mutationId(), CLUSTER, Instant.now(), io.meridian.schemas.MutationResult.Outcome.FAILED, "apiserver said no")));
            publish(Topics.MUTATION_RESULTS, CLUSTER, "{\"schemaVersion\":1}");
            await().atMost(Duration.ofSeconds(20)).until(() -> jdbc2.queryForObject("select count(*) from domainevententry"
                    + " where aggregateidentifier = 'member1/ns/ws' and payloadtype like '%MutationResultRecorded'", Integer.class) == 1);
            // the .dlq topic is shared with the other tests of the JVM: only this garbage is counted
            assertThat(readAll(Topics.deadLetter(Topics.MUTATION_RESULTS), 1)).filteredOn(r -> r.value().equals("{\"schemaVersion\":1}"))
                    .hasSize(1);
            await().atMost(Duration.ofSeconds(20)).until(() -> readAll(Topics.MUTATIONS, 1).stream()
                    .filter(r -> CLUSTER.equals(r.key()))
                    .map(r -> ((io.meridian.schemas.Decoded.Accepted<Mutation>) MessageCodec.MUTATION.decode(r.value())).message())
                    .anyMatch(m -> m.type() == Mutation.Type.WRITE_STATUS && m.aggregateId().equals("member1/ns/ws")
                            && m.issuedAt().isAfter(writeStatus.issuedAt())));

            List<ConsumerRecord<String, String>> domain = readAll(Topics.DOMAIN_EVENTS, 52);
            Set<String> admitted = new HashSet<>();
            Set<String> memberEvents = new HashSet<>();
            for (ConsumerRecord<String, String> record : domain) {
                DomainEvent event = ((io.meridian.schemas.Decoded.Accepted<DomainEvent>) MessageCodec.DOMAIN_EVENT.decode(record.value())).message();
                if (event.aggregateType().equals("MemberCluster") && event.aggregateId().equals(CLUSTER)) {
                    memberEvents.add(event.type());
                }
                if (event.type().equals("PodAdmitted") && event.aggregateId().equals("member1/ns/ws")) {
                    admitted.add(event.decisionId());
                    assertThat(event.payload().path("reason").asText()).isNotEmpty();
                }
            }
            assertThat(admitted).containsExactlyInAnyOrderElementsOf(decisions);
            assertThat(memberEvents).contains("MemberClusterRegistered", "MemberClusterReady");

            String health = get(port(second), "/actuator/health");
            assertThat(health).contains("\"UP\"");
            String metrics = get(port(second), "/actuator/prometheus");
            assertThat(metrics).contains("meridian_admission_latency_seconds_bucket");
        } finally {
            second.close();
        }

        List<ConsumerRecord<String, String>> dead = readAll(Topics.deadLetter(Topics.CLUSTER_EVENTS), 1);
        assertThat(dead).as("moved once, not again on the restart's re-read").hasSize(1);
        assertThat(dead.get(0).key()).isEqualTo("garbage-key");
        assertThat(new String(dead.get(0).headers().lastHeader(DeadLetters.REASON_HEADER).value(), StandardCharsets.UTF_8))
                .startsWith("not JSON");
    }

}
