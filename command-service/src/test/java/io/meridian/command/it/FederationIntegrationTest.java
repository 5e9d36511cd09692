package io.meridian.command.it;

import static io.meridian.command.it.Infra.POSTGRES;
import static io.meridian.command.it.Infra.heartbeat;
import static io.meridian.command.it.Infra.readAll;
import static io.meridian.command.it.Infra.start;
import static io.meridian.command.it.Infra.upsert;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.KernelJson;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import io.meridian.schemas.Mutation;
import io.meridian.schemas.Topics;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A resource template and its PropagationPolicy reported by the host's agent over the real Kafka broker become
 * mutations for every member (the host's share written on the template itself) and Binding decisions on
 * {@code meridian.domain-events}, recorded in the real PostgreSQL event store; a user scale of the template
 * divides the new total.
 */
class FederationIntegrationTest {
    static final String HOST = "fed-host";
    static final String MEMBER = "fed-member";
    static final String BINDING = "binding:fed/Deployment/nginx";
    static final String DB = POSTGRES.createDatabase("federation");

    @Test
    void aTemplateIsDividedOverTheMembersAndFollowsAUserScale() throws Exception {
        ConfigurableApplicationContext context = start(DB);
        ScheduledExecutorService agents = Executors.newSingleThreadScheduledExecutor();
        try {
            // the agents keep reporting, as live ones do: a member without heartbeats turns Unreachable
            agents.scheduleAtFixedRate(() -> {
                heartbeat(HOST, "host");
                heartbeat(MEMBER, "member");
            }, 0, 2, TimeUnit.SECONDS);
            // both members joined before the template comes: one that joins after it is left out of its Steady division
            await().atMost(Duration.ofSeconds(120)).until(() -> ready(HOST) && ready(MEMBER));
            upsert(HOST, "PropagationPolicy", "policy.karmada.io/v1alpha1", "fed", "nginx", policy());
            upsert(HOST, "Deployment", "apps/v1", "fed", "nginx", deployment(9, null));

            // generous: on a loaded machine the first consumers and processors take a while to start
            await().atMost(Duration.ofSeconds(120)).until(() -> replicasIn(HOST, "ApplyObject", 6)
                    && replicasIn(MEMBER, "ApplyObject", 3));
            await().atMost(Duration.ofSeconds(60)).until(() -> bindingDecisions().stream()
                    .anyMatch(d -> "BindingScheduled".equals(d.type()) && d.decisionId() != null));

            upsert(HOST, "Deployment", "apps/v1", "fed", "nginx", deployment(3, 6));
            await().atMost(Duration.ofSeconds(120)).until(() -> replicasIn(HOST, "ApplyObject", 2)
                    && replicasIn(MEMBER, "Scale", 1));
        } finally {
            agents.shutdownNow();
            context.close();
        }
    }

    private static boolean replicasIn(String cluster, String type, int replicas) {
        return bindingMutations().stream().anyMatch(m -> m.cluster().equals(cluster) && m.type().wire().equals(type)
                && (m.body().path("replicas").asInt(-1) == replicas
                || m.body().path("object").path("spec").path("replicas").asInt(-1) == replicas));
    }

    private static List<Mutation> bindingMutations() {
        return readAll(Topics.MUTATIONS, 1).stream()
                .map(r -> MessageCodec.MUTATION.decode(r.value()))
                .filter(d -> d instanceof Decoded.Accepted<Mutation>)
                .map(d -> ((Decoded.Accepted<Mutation>) d).message())
                .filter(m -> BINDING.equals(m.aggregateId())).toList();
    }

    private static boolean ready(String cluster) {
        return readAll(Topics.DOMAIN_EVENTS, 1).stream()
                .map(r -> MessageCodec.DOMAIN_EVENT.decode(r.value()))
                .anyMatch(d -> d instanceof Decoded.Accepted<DomainEvent> e && cluster.equals(e.message().aggregateId())
                        && "MemberClusterReady".equals(e.message().type()));
    }

    private static List<DomainEvent> bindingDecisions() {
        return readAll(Topics.DOMAIN_EVENTS, 1).stream()
                .map(r -> MessageCodec.DOMAIN_EVENT.decode(r.value()))
                .filter(d -> d instanceof Decoded.Accepted<DomainEvent>)
                .map(d -> ((Decoded.Accepted<DomainEvent>) d).message())
                .filter(e -> "Binding".equals(e.aggregateType()) && BINDING.equals(e.aggregateId())).toList();
    }

    private static JsonNode policy() throws Exception {
        return KernelJson.JSON.readTree("""
                {"metadata":{"name":"nginx","namespace":"fed"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment","name":"nginx"}],
                   "placement":{"clusterAffinity":{"clusterNames":["fed-host","fed-member"]},
                     "replicaScheduling":{"replicaSchedulingType":"Divided","replicaDivisionPreference":"Weighted",
                       "weightPreference":{"staticWeightList":[
                         {"targetCluster":{"clusterNames":["fed-host"]},"weight":2},
                         {"targetCluster":{"clusterNames":["fed-member"]},"weight":1}]}}}}}
                """);
    }

    /** The template; with {@code applied}, as Meridian left it (total 9, that share applied) and then scaled. */
    private static JsonNode deployment(int replicas, Integer applied) throws Exception {
        ObjectNode deployment = (ObjectNode) KernelJson.JSON.readTree("""
                {"metadata":{"name":"nginx","namespace":"fed","labels":{"app":"nginx"}},
                 "spec":{"replicas":%d,"selector":{"matchLabels":{"app":"nginx"}},
                   "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"name":"n","image":"nginx"}]}}}}
                """.formatted(replicas));
        if (applied != null) {
            ((ObjectNode) deployment.get("metadata")).putObject("annotations")
                    .put("federation.meridian.io/template-replicas", "9")
                    .put("federation.meridian.io/applied-replicas", Integer.toString(applied));
        }
        return deployment;
    }
}
