package io.meridian.command.it;

import static io.meridian.command.it.Infra.POSTGRES;
import static io.meridian.command.it.Infra.heartbeat;
import static io.meridian.command.it.Infra.start;
import static io.meridian.command.it.Infra.upsert;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.federation.BindingCommands;
import io.meridian.command.federation.FleetView;
import io.meridian.command.federation.api.MemberView;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.federation.api.SyncBinding;
import io.meridian.command.member.api.MemberClusterUnreachable;
import io.meridian.command.ws.KernelJson;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Binding syncs sent together ({@link BindingCommands#sendTogether}, what the sync queue does with the syncs waiting
 * on a worker) are stored in one PostgreSQL transaction, and not at all when one of them fails. Three templates are
 * divided over the host and a member; the member is then seen as unreachable by the fleet view alone (no event, so
 * nothing syncs on its own), and the syncs sent by the test decide the failover. Reschedules sent each together
 * ({@link BindingCommands#sendEach}, what the rebalancer's dispatcher does) are stored in one transaction without the
 * one that failed. The tests share one command-service: a second one on the same cluster events would replay the
 * templates before its members are Ready, and place them all on the host.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BindingSyncsTogetherIntegrationTest {
    static final String HOST = "together-host";
    static final String MEMBER = "together-member";
    static final String NAMESPACE = "together";
    static final List<String> BINDINGS = List.of(binding("app-0"), binding("app-1"), binding("app-2"));

    ConfigurableApplicationContext context;
    ScheduledExecutorService agents;
    JdbcTemplate jdbc;
    BindingCommands commands;

    private static String binding(String name) {
        return "binding:" + NAMESPACE + "/Deployment/" + name;
    }

    @BeforeAll
    void placeThreeTemplates() throws Exception {
        context = start(POSTGRES.createDatabase("together"));
        jdbc = new JdbcTemplate(context.getBean(javax.sql.DataSource.class));
        commands = new BindingCommands(context.getBean(CommandGateway.class));
        agents = Executors.newSingleThreadScheduledExecutor();
        agents.scheduleAtFixedRate(() -> {
            heartbeat(HOST, "host");
            heartbeat(MEMBER, "member");
        }, 0, 2, TimeUnit.SECONDS);
        // templates placed before the member is Ready would all go to the host, and stay there (Steady)
        FleetView fleet = context.getBean(FleetView.class);
        await().atMost(Duration.ofSeconds(120)).until(() -> fleet.members().stream().filter(MemberView::ready).count() == 2);
        upsert(HOST, "PropagationPolicy", "policy.karmada.io/v1alpha1", NAMESPACE, "spread", policy());
        for (int i = 0; i < BINDINGS.size(); i++) {
            upsert(HOST, "Deployment", "apps/v1", NAMESPACE, "app-" + i, deployment("app-" + i));
        }
        await().atMost(Duration.ofSeconds(120)).until(() -> BINDINGS.stream().allMatch(this::dividedOverBoth));
        agents.shutdownNow();
        agents.awaitTermination(5, TimeUnit.SECONDS);
        Instant now = Instant.now();
        fleet.fold(new MemberClusterUnreachable(MEMBER, now, now));
    }

    @AfterAll
    void stop() {
        agents.shutdownNow();
        context.close();
    }

    /** The member's loss is a fleet no decision carries yet: the first decision stored carries it, the others refer. */
    @Test
    void syncsSentTogetherAreStoredInOneTransactionOrNotAtAllAndCarryTheirNewFleetOnce() {
        long before = lastIndex();
        List<SyncBinding> withABadOne = List.of(sync(BINDINGS.get(0)), sync("binding:no-kind-and-name"),
                sync(BINDINGS.get(1)));

        assertThatThrownBy(() -> commands.sendTogether(withABadOne)).hasStackTraceContaining("binding:namespace/kind/name");
        assertThat(jdbc.queryForObject("select count(*) from domainevententry where globalindex > ?", Integer.class,
                before)).isZero();

        commands.sendTogether(BINDINGS.stream().map(BindingSyncsTogetherIntegrationTest::sync).toList());
        assertThat(jdbc.queryForList("select aggregateidentifier from domainevententry where globalindex > ?"
                + " and payloadtype like '%BindingScheduled'", String.class, before))
                .containsExactlyInAnyOrderElementsOf(BINDINGS);
        assertThat(jdbc.queryForObject("select count(distinct xmin::text) from domainevententry where globalindex > ?",
                Integer.class, before)).isEqualTo(1);
        List<JsonNode> inputs = jdbc.queryForList("select convert_from(payload, 'UTF8') from domainevententry"
                + " where globalindex > ? and payloadtype like '%BindingScheduled' order by globalindex", String.class,
                before).stream().map(json -> read(json).path("inputs")).toList();
        assertThat(inputs).extracting(i -> i.path("fleet").asText()).containsOnly(inputs.get(0).path("fleet").asText());
        assertThat(inputs).extracting(i -> i.path("members").isArray()).containsExactly(true, false, false);
    }

    @Test
    void reschedulesSentEachTogetherAreStoredInOneTransactionWithoutTheOneThatFailed() {
        long before = lastIndex();
        List<Object> withAMissingOne = List.of(reschedule(BINDINGS.get(0)), reschedule(binding("missing")),
                reschedule(BINDINGS.get(1)));

        List<CompletableFuture<Object>> answers = commands.sendEach(withAMissingOne);

        assertThat(answers.get(0)).isCompletedWithValueMatching(ReschedulePlan.class::isInstance);
        assertThat(answers.get(1)).isCompletedExceptionally();
        assertThat(answers.get(2)).isCompletedWithValueMatching(ReschedulePlan.class::isInstance);
        assertThat(jdbc.queryForList("select aggregateidentifier from domainevententry where globalindex > ?"
                + " and payloadtype like '%BindingRescheduled'", String.class, before))
                .containsExactlyInAnyOrder(BINDINGS.get(0), BINDINGS.get(1));
        assertThat(jdbc.queryForObject("select count(distinct xmin::text) from domainevententry where globalindex > ?",
                Integer.class, before)).isEqualTo(1);
    }

    private static RescheduleBinding reschedule(String bindingId) {
        return new RescheduleBinding(bindingId, "rebalancer:together", false, Instant.now());
    }

    private static SyncBinding sync(String bindingId) {
        return new SyncBinding(bindingId, "member unreachable", Instant.now());
    }

    private long lastIndex() {
        Long last = jdbc.queryForObject("select coalesce(max(globalindex), 0) from domainevententry", Long.class);
        return last == null ? 0 : last;
    }

    /** The binding's last decision assigns replicas to both clusters. */
    private boolean dividedOverBoth(String bindingId) {
        List<String> payloads = jdbc.queryForList("select convert_from(payload, 'UTF8') from domainevententry"
                + " where aggregateidentifier = ? and payloadtype like '%BindingScheduled' order by sequencenumber desc"
                + " limit 1", String.class, bindingId);
        if (payloads.isEmpty()) {
            return false;
        }
        JsonNode assignment = read(payloads.get(0)).path("assignment");
        return assignment.path(HOST).asInt(0) > 0 && assignment.path(MEMBER).asInt(0) > 0;
    }

    private static JsonNode read(String json) {
        try {
            return KernelJson.JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode policy() throws Exception {
        return KernelJson.JSON.readTree("""
                {"metadata":{"name":"spread","namespace":"together"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment","labelSelector":{"matchLabels":{"spread":"yes"}}}],
                   "placement":{"clusterAffinity":{"clusterNames":["together-host","together-member"]},
                     "replicaScheduling":{"replicaSchedulingType":"Divided","replicaDivisionPreference":"Weighted",
                       "weightPreference":{"staticWeightList":[
                         {"targetCluster":{"clusterNames":["together-host"]},"weight":1},
                         {"targetCluster":{"clusterNames":["together-member"]},"weight":1}]}}}}}
                """);
    }

    private static JsonNode deployment(String name) throws Exception {
        return KernelJson.JSON.readTree("""
                {"metadata":{"name":"%s","namespace":"together","labels":{"app":"%s","spread":"yes"}},
                 "spec":{"replicas":4,"selector":{"matchLabels":{"app":"%s"}},
                   "template":{"metadata":{"labels":{"app":"%s"}},"spec":{"containers":[{"name":"n","image":"nginx"}]}}}}
                """.formatted(name, name, name, name));
    }
}
