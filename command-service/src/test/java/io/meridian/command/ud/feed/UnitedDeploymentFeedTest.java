package io.meridian.command.ud.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterChange;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.kafka.MeridianProperties;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterUnreachable;
import io.meridian.command.ud.api.DeleteLeftoverWorkloads;
import io.meridian.command.ud.api.ReconcileUnitedDeployment;
import io.meridian.command.ud.api.RemoveUnitedDeployment;
import io.meridian.command.ud.api.SubsetWorkload;
import io.meridian.command.ud.api.UnitedDeploymentApi;
import io.meridian.command.ud.api.UpsertUnitedDeployment;
import io.meridian.command.ws.KernelJson;
import io.meridian.schemas.ObjectRef;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The feed over a real cluster state; the commands it sends are recorded by a command bus. */
class UnitedDeploymentFeedTest {
    static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");
    static final String ID = UnitedDeploymentApi.aggregateId("host", "ns", "ud");

    final List<Object> sent = new CopyOnWriteArrayList<>();
    ClusterState state;
    MemberReachability reachability;
    UdReconcileScheduler scheduler;
    UnitedDeploymentFeed feed;

    @BeforeEach
    void setUp() {
        SimpleCommandBus bus = SimpleCommandBus.builder().build();
        for (Class<?> type : List.of(UpsertUnitedDeployment.class, RemoveUnitedDeployment.class, ReconcileUnitedDeployment.class,
                DeleteLeftoverWorkloads.class)) {
            bus.subscribe(type.getName(), message -> {
                sent.add(message.getPayload());
                return null;
            });
        }
        DefaultCommandGateway gateway = DefaultCommandGateway.builder().commandBus(bus).build();
        state = new ClusterState();
        reachability = new MemberReachability();
        scheduler = new UdReconcileScheduler(state, gateway, Clock.fixed(T0, ZoneOffset.UTC), reachability,
                new MeridianProperties(null, null, null, Duration.ofMillis(1), null, null));
        feed = new UnitedDeploymentFeed(gateway, state, scheduler, reachability, Clock.fixed(T0, ZoneOffset.UTC));
    }

    @AfterEach
    void tearDown() {
        scheduler.destroy();
    }

    private static ObjectNode ud(String strategy) {
        return parse("""
                {"metadata": {"name": "ud", "namespace": "ns", "uid": "u1"},
                 "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "web"}},
                  "template": {"deploymentTemplate": {"metadata": {"labels": {"app": "web"}}, "spec": {}}},
                  "topology": {"scheduleStrategy": {"type": "%s"},
                               "subsets": [{"name": "a"}, {"name": "b", "cluster": "member2"}]}}}
                """.formatted(strategy));
    }

    private static ObjectNode deployment(String name, String subset, String ownership) {
        return parse("""
                {"metadata": {"name": "%s", "namespace": "ns", "labels": {"apps.kruise.io/subset-name": "%s"}, %s},
                 "spec": {"replicas": 1}, "status": {"replicas": 1, "readyReplicas": 1}}
                """.formatted(name, subset, ownership));
    }

    private static final String OWNED_HERE =
            "\"ownerReferences\": [{\"kind\": \"UnitedDeployment\", \"name\": \"ud\", \"controller\": true}]";
    private static final String ANNOTATED = "\"annotations\": {\"apps.meridian.io/united-deployment\": \"host/ns/ud\"}";

    private ClusterChange put(String cluster, String apiVersion, String kind, String name, JsonNode body) {
        ObjectRef ref = new ObjectRef(apiVersion, kind, "ns", name, null, null);
        var previous = state.upsert(cluster, ref, body).orElse(null);
        return new ClusterChange(cluster, ref, state.find(cluster, "ns", kind, name).orElseThrow(), previous, T0);
    }

    private ClusterChange udChange(String strategy) {
        return put("host", "apps.kruise.io/v1beta1", "UnitedDeployment", "ud", ud(strategy));
    }

    private List<ReconcileUnitedDeployment> reconciles() {
        return sent.stream().filter(ReconcileUnitedDeployment.class::isInstance).map(ReconcileUnitedDeployment.class::cast).toList();
    }

    private ReconcileUnitedDeployment awaitReconcile() {
        await().atMost(Duration.ofSeconds(5)).until(() -> !reconciles().isEmpty());
        return reconciles().get(0);
    }

    @Test
    void aUnitedDeploymentUpsertIsRegisteredAndReconciled() {
        feed.onChange(udChange("Fixed"));

        assertThat(sent.get(0)).isInstanceOfSatisfying(UpsertUnitedDeployment.class,
                upsert -> assertThat(upsert.id()).isEqualTo(ID));
        assertThat(awaitReconcile().trigger()).isEqualTo("UnitedDeployment changed");
    }

    @Test
    void theReconcileCarriesTheOwnedWorkloadsOfEveryCluster() {
        udChange("Fixed");
        put("host", "apps/v1", "Deployment", "ud-a-x", deployment("ud-a-x", "a", OWNED_HERE));
        put("member2", "apps/v1", "Deployment", "ud-b-x", deployment("ud-b-x", "b", ANNOTATED));
        put("member2", "apps/v1", "Deployment", "other", deployment("other", "b", "\"annotations\": {}"));

        ReconcileUnitedDeployment command = scheduler.command(ID, "test").orElseThrow();

        assertThat(command.workloads()).extracting(w -> w.cluster() + "/" + w.name())
                .containsExactlyInAnyOrder("host/ud-a-x", "member2/ud-b-x");
        assertThat(command.podsBySubset()).isEmpty();
    }

    @Test
    void aChangedSubsetWorkloadInAMemberClusterReconcilesItsUnitedDeployment() {
        udChange("Fixed");
        feed.onChange(put("member2", "apps/v1", "Deployment", "ud-b-x", deployment("ud-b-x", "b", ANNOTATED)));

        assertThat(awaitReconcile().trigger()).isEqualTo("Deployment ud-b-x changed");
    }

    @Test
    void aWorkloadControlledByTheUnitedDeploymentInItsClusterReconcilesIt() {
        udChange("Fixed");
        feed.onChange(put("host", "apps/v1", "Deployment", "ud-a-x", deployment("ud-a-x", "a", OWNED_HERE)));

        assertThat(awaitReconcile().id()).isEqualTo(ID);
    }

    @Test
    void aWorkloadOfNoUnitedDeploymentReconcilesNothing() throws InterruptedException {
        udChange("Fixed");
        feed.onChange(put("host", "apps/v1", "Deployment", "web", deployment("web", "a", "\"annotations\": {}")));

        Thread.sleep(100);
        assertThat(sent).isEmpty();
    }

    @Test
    void podsReconcileAnAdaptiveUnitedDeploymentAndCarryThePodsOfEachSubset() {
        udChange("Adaptive");
        put("host", "apps/v1", "Deployment", "ud-a-x", deployment("ud-a-x", "a", OWNED_HERE));
        feed.onChange(put("host", "v1", "Pod", "p1", parse("""
                {"metadata": {"name": "p1", "namespace": "ns",
                  "ownerReferences": [{"kind": "Deployment", "name": "ud-a-x", "controller": true}]},
                 "status": {"phase": "Pending"}}""")));

        ReconcileUnitedDeployment command = awaitReconcile();
        assertThat(command.trigger()).isEqualTo("Pod p1 changed");
        assertThat(command.podsBySubset().get("a")).extracting(p -> p.path("metadata").path("name").asText())
                .containsExactly("p1");
    }

    @Test
    void podsDoNotReconcileAFixedUnitedDeployment() throws InterruptedException {
        udChange("Fixed");
        put("host", "apps/v1", "Deployment", "ud-a-x", deployment("ud-a-x", "a", OWNED_HERE));
        feed.onChange(put("host", "v1", "Pod", "p1", parse("""
                {"metadata": {"name": "p1", "namespace": "ns",
                  "ownerReferences": [{"kind": "Deployment", "name": "ud-a-x", "controller": true}]}}""")));

        Thread.sleep(100);
        assertThat(sent).isEmpty();
    }

    @Test
    void aDeletedUnitedDeploymentIsRemovedWithItsWorkloadsInEveryCluster() {
        udChange("Fixed");
        put("host", "apps/v1", "Deployment", "ud-a-x", deployment("ud-a-x", "a", OWNED_HERE));
        put("member2", "apps/v1", "Deployment", "ud-b-x", deployment("ud-b-x", "b", ANNOTATED));
        ObjectRef ref = new ObjectRef("apps.kruise.io/v1beta1", "UnitedDeployment", "ns", "ud", null, null);
        JsonNode previous = state.delete("host", ref).orElseThrow();

        feed.onChange(new ClusterChange("host", ref, null, previous, T0));

        assertThat(sent).singleElement().isInstanceOfSatisfying(RemoveUnitedDeployment.class, remove ->
                assertThat(remove.workloads()).extracting(SubsetWorkload::name).containsExactlyInAnyOrder("ud-a-x", "ud-b-x"));
    }

    @Test
    void atStartEveryKnownUnitedDeploymentIsRegisteredAndReconciledWithItsDeadlineRearmed() {
        udChange("Fixed");

        feed.onCaughtUp(state, T0);

        assertThat(sent.get(0)).isInstanceOf(UpsertUnitedDeployment.class);
        ReconcileUnitedDeployment command = awaitReconcile();
        assertThat(command.rearm()).isTrue();
    }

    @Test
    void anUnreachableMemberReconcilesTheUnitedDeploymentsWithASubsetThere() {
        udChange("Adaptive");

        reachability.on(new MemberClusterUnreachable("member2", T0, T0));

        ReconcileUnitedDeployment command = awaitReconcile();
        assertThat(command.unreachableClusters()).containsExactly("member2");
        assertThat(command.trigger()).isEqualTo("member cluster member2 reachability changed");
    }

    @Test
    void aMemberReadyAgainHasTheWorkloadsOfAUnitedDeploymentNoLongerReportedDeleted() {
        put("member2", "apps/v1", "Deployment", "ud-b-x", deployment("ud-b-x", "b", ANNOTATED));
        put("member2", "apps/v1", "Deployment", "other", deployment("other", "b", "\"annotations\": {}"));
        reachability.on(new MemberClusterUnreachable("member2", T0, T0));

        reachability.on(new MemberClusterReady("member2", T0));

        await().atMost(Duration.ofSeconds(5)).until(() -> !leftovers().isEmpty());
        assertThat(leftovers()).singleElement().satisfies(command -> {
            assertThat(command.id()).isEqualTo(ID);
            assertThat(command.workloads()).extracting(w -> w.cluster() + "/" + w.name()).containsExactly("member2/ud-b-x");
        });
    }

    @Test
    void theWorkloadsOfAUnitedDeploymentStillReportedAreNoLeftovers() throws InterruptedException {
        udChange("Fixed");
        put("member2", "apps/v1", "Deployment", "ud-b-x", deployment("ud-b-x", "b", ANNOTATED));

        reachability.on(new MemberClusterReady("member2", T0));

        Thread.sleep(100);
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void atStartTheLeftoversOfEveryClusterAreDeleted() {
        put("member2", "apps/v1", "Deployment", "ud-b-x", deployment("ud-b-x", "b", ANNOTATED));

        feed.onCaughtUp(state, T0);

        await().atMost(Duration.ofSeconds(5)).until(() -> !leftovers().isEmpty());
        assertThat(leftovers().get(0).workloads()).extracting(SubsetWorkload::name).containsExactly("ud-b-x");
    }

    private List<DeleteLeftoverWorkloads> leftovers() {
        return sent.stream().filter(DeleteLeftoverWorkloads.class::isInstance).map(DeleteLeftoverWorkloads.class::cast).toList();
    }

    @Test
    void aMemberReadyAgainIsNoLongerUnreachable() {
        reachability.on(new MemberClusterUnreachable("member2", T0, T0));
        reachability.on(new MemberClusterReady("member2", T0));

        assertThat(reachability.unreachable()).isEmpty();
    }

    private static ObjectNode parse(String json) {
        try {
            return (ObjectNode) KernelJson.JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }
}
