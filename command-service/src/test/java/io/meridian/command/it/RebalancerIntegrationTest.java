package io.meridian.command.it;

import static io.meridian.command.it.Infra.HTTP;
import static io.meridian.command.it.Infra.POSTGRES;
import static io.meridian.command.it.Infra.port;
import static io.meridian.command.it.Infra.publish;
import static io.meridian.command.it.Infra.readAll;
import static io.meridian.command.it.Infra.start;
import static io.meridian.command.it.Infra.upsert;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.federation.api.BindingApi;
import io.meridian.command.federation.api.PlanBindingReschedule;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.infra.PublisherProcessing;
import io.meridian.command.ws.KernelJson;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.Topics;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The rebalancer over a real Kafka broker and PostgreSQL: a WorkloadRebalancer CR of the host cluster in, the
 * binding's answers through the command bus (a stand-in handler for the binding aggregate, which lives on another
 * branch), the status and the TTL deletion out as mutations; the dry-run plan over HTTP.
 */
class RebalancerIntegrationTest {
    static final String HOST = "rb-host";
    static final String DB = POSTGRES.createDatabase("rebalancer");
    static final String WEB = BindingApi.aggregateId("default", "Deployment", "web");
    static final ReschedulePlan PLAN = new ReschedulePlan(Map.of("member1", 4), Map.of("member1", 2, "member2", 2));
    static final Set<String> rescheduled = ConcurrentHashMap.newKeySet();
    static ConfigurableApplicationContext context;

    @BeforeAll
    static void startWithAStandInBinding() throws Exception {
        context = start(DB);
        CommandBus bus = context.getBean(CommandBus.class);
        bus.subscribe(RescheduleBinding.class.getName(), message -> answer(message, ((RescheduleBinding) message.getPayload()).bindingId()));
        bus.subscribe(PlanBindingReschedule.class.getName(), message -> answer(message, ((PlanBindingReschedule) message.getPayload()).bindingId()));
        ClusterEvent heartbeat = new ClusterEvent(1, UUID.randomUUID().toString(), HOST, Instant.now(),
                ClusterEvent.Type.HEARTBEAT, null, KernelJson.JSON.createObjectNode().put("role", "host"));
        publish(heartbeat.key(), MessageCodec.CLUSTER_EVENT.encode(heartbeat));
        upsert(HOST, "Deployment", "apps/v1", "default", "web",
                KernelJson.JSON.readTree("{\"metadata\":{\"labels\":{\"tier\":\"low\"}},\"spec\":{\"replicas\":4}}"));
    }

    private static Object answer(CommandMessage<?> message, String bindingId) {
        if (!WEB.equals(bindingId)) {
            throw new AggregateNotFoundException(bindingId, "no binding " + bindingId);
        }
        if (message.getPayload() instanceof RescheduleBinding) {
            rescheduled.add(bindingId);
        }
        return PLAN;
    }

    @Test
    void theProcessorsThatPublishToKafkaRetryAnEventTheyCouldNotPublish() {
        EventProcessingConfiguration processing = context.getBean(EventProcessingConfiguration.class);

        assertThat(PublisherProcessing.PUBLISHERS).allSatisfy(group ->
                assertThat(processing.listenerInvocationErrorHandler(group)).as(group).isInstanceOf(PropagatingErrorHandler.class));
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    static ObjectNode rebalancer(String name, String extraSpec, String... workloads) throws Exception {
        StringBuilder list = new StringBuilder();
        for (String w : workloads) {
            list.append(list.isEmpty() ? "" : ",").append("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",")
                    .append("\"namespace\":\"default\",\"name\":\"").append(w).append("\"}");
        }
        return (ObjectNode) KernelJson.JSON.readTree("{\"apiVersion\":\"apps.karmada.io/v1alpha1\","
                + "\"kind\":\"WorkloadRebalancer\",\"metadata\":{\"name\":\"" + name + "\",\"generation\":1,"
                + "\"creationTimestamp\":\"" + Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS) + "\"},\"spec\":{" + extraSpec
                + "\"workloads\":[" + list + "]}}");
    }

    static Optional<Mutation> mutation(String decisionFor, Mutation.Type type, java.util.function.Predicate<Mutation> test) {
        return readAll(Topics.MUTATIONS, 1).stream().filter(r -> HOST.equals(r.key()))
                .map(r -> MessageCodec.MUTATION.decode(r.value()))
                .filter(Decoded.Accepted.class::isInstance).map(d -> ((Decoded.Accepted<Mutation>) d).message())
                .filter(m -> m.aggregateId().equals(decisionFor) && m.type() == type).filter(test).findFirst();
    }

    static JsonNode entry(Mutation status, String workload) {
        for (JsonNode entry : status.body().path("status").path("observedWorkloads")) {
            if (entry.path("workload").path("name").asText().equals(workload)) {
                return entry;
            }
        }
        return KernelJson.JSON.missingNode();
    }

    @Test
    void aRebalancerReschedulesItsBindingAndFailsTheMissingOne() throws Exception {
        upsert(HOST, "WorkloadRebalancer", "apps.karmada.io/v1alpha1", "", "spread-again",
                rebalancer("spread-again", "", "web", "gone"));

        Mutation finished = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> mutation("rebalancer:spread-again", Mutation.Type.WRITE_STATUS,
                        m -> m.body().path("status").has("finishTime")), Optional::isPresent).orElseThrow();

        assertThat(entry(finished, "web").path("result").asText()).isEqualTo("Successful");
        assertThat(entry(finished, "gone").path("result").asText()).isEqualTo("Failed");
        assertThat(entry(finished, "gone").path("reason").asText()).isEqualTo("ReferencedBindingNotFound");
        assertThat(finished.target().kind()).isEqualTo("WorkloadRebalancer");
        assertThat(finished.target().apiVersion()).isEqualTo("apps.karmada.io/v1alpha1");
        assertThat(rescheduled).contains(WEB);
    }

    @Test
    void aFinishedRebalancerWithTtlZeroIsDeleted() throws Exception {
        upsert(HOST, "WorkloadRebalancer", "apps.meridian.io/v1alpha1", "", "short-lived",
                rebalancer("short-lived", "\"ttlSecondsAfterFinished\":0,", "web"));

        Mutation delete = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> mutation("rebalancer:short-lived", Mutation.Type.DELETE_OBJECT, m -> true),
                        Optional::isPresent).orElseThrow();

        assertThat(delete.target().name()).isEqualTo("short-lived");
        assertThat(delete.target().uid()).isEqualTo("uid-short-lived");
    }

    @Test
    void theSelectorAddsTheLabelledTemplates() throws Exception {
        ObjectNode cr = rebalancer("by-label", "\"workloadSelector\":{\"matchLabels\":{\"tier\":\"low\"}},");
        upsert(HOST, "WorkloadRebalancer", "apps.karmada.io/v1alpha1", "", "by-label", cr);

        Mutation finished = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> mutation("rebalancer:by-label", Mutation.Type.WRITE_STATUS,
                        m -> m.body().path("status").has("finishTime")), Optional::isPresent).orElseThrow();

        assertThat(entry(finished, "web").path("result").asText()).isEqualTo("Successful");
    }

    @Test
    void thePlanEndpointAnswersBeforeAndAfterPerWorkload() throws Exception {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(300)).until(() -> plan(List.of("web"))
                .path("plans").path(0).has("after"));

        JsonNode answer = plan(List.of("web", "default/Deployment/gone", "a/b/c/d"));

        assertThat(answer.path("host").asText()).isEqualTo(HOST);
        JsonNode web = answer.path("plans").path(0);
        assertThat(web.path("workload").asText()).isEqualTo("default/Deployment/web");
        assertThat(web.path("before")).isEqualTo(KernelJson.JSON.readTree("{\"member1\":4}"));
        assertThat(web.path("after")).isEqualTo(KernelJson.JSON.readTree("{\"member1\":2,\"member2\":2}"));
        assertThat(answer.path("plans").path(1).path("error").asText()).startsWith("not found");
        assertThat(answer.path("plans").path(2).path("error").asText()).contains("expected [namespace/]kind/name");
    }

    @Test
    void thePlanEndpointRefusesABodyWithoutWorkloads() throws Exception {
        HttpResponse<String> response = post("{\"workloads\":[]}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("workloads: required");
    }

    static JsonNode plan(List<String> workloads) throws Exception {
        ObjectNode body = KernelJson.JSON.createObjectNode();
        workloads.forEach(body.putArray("workloads")::add);
        HttpResponse<String> response = post(body.toString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return KernelJson.JSON.readTree(response.body());
    }

    static HttpResponse<String> post(String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(context) + "/api/rebalance/plan"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
