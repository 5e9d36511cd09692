package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.T0;
import static io.meridian.command.federation.FederationFixtures.deployment;
import static io.meridian.command.federation.FederationFixtures.staticWeights;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.cluster.ClusterChange;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.federation.api.SyncBinding;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.schemas.ObjectRef;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FederationListenerTest {
    final ClusterState state = new ClusterState();
    final FleetView fleet = new FleetView();
    final List<Object> sent = new CopyOnWriteArrayList<>();
    final EmbeddedEventStore events = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
    final ClusterBindingInputs inputs = new ClusterBindingInputs(state, fleet, new FleetSnapshots());
    BindingSyncQueue syncs;
    FederationListener listener;

    @BeforeEach
    void setUp() {
        syncs = new BindingSyncQueue(sent::add, Clock.fixed(T0, ZoneOffset.UTC));
        listener = new FederationListener(state, fleet, inputs, syncs, events);
    }

    @AfterEach
    void tearDown() {
        syncs.close();
        events.shutDown();
    }

    private ClusterChange upsert(String cluster, JsonNode object) {
        ObjectRef ref = new ObjectRef(object.path("apiVersion").asText(), object.path("kind").asText(),
                object.path("metadata").path("namespace").asText(), object.path("metadata").path("name").asText(), null, null);
        JsonNode previous = state.upsert(cluster, ref, object).orElse(null);
        return new ClusterChange(cluster, ref, state.find(cluster, ref.namespace(), ref.kind(), ref.name()).orElseThrow(),
                previous, T0);
    }

    private List<String> syncedBindings() {
        return sent.stream().map(c -> ((SyncBinding) c).bindingId()).toList();
    }

    @Test
    void aTemplateSelectedByAPolicyOfTheHostIsSynced() {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        upsert("member1", staticWeights(2, 1));
        listener.onChange(upsert("member1", deployment(9)));
        await().atMost(Duration.ofSeconds(5)).until(() -> !sent.isEmpty());
        assertThat(syncedBindings()).containsExactly(FederationFixtures.ID);
    }

    @Test
    void aDeploymentNoPolicySelectsIsLeftAlone() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        listener.onChange(upsert("member1", deployment(9)));
        Thread.sleep(300);
        assertThat(sent).isEmpty();
    }

    @Test
    void aChangedCopyInAMemberSyncsItsBinding() {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        ObjectNode copy = FederatedTemplate.copy(deployment(9), "nginx-deployment", 3);
        listener.onChange(upsert("member2", copy));
        await().atMost(Duration.ofSeconds(5)).until(() -> !sent.isEmpty());
        assertThat(syncedBindings()).containsExactly(FederationFixtures.ID);
    }

    @Test
    void aChangedCopyOfABindingKnownToWaitForNoCopySyncsNothing() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        inputs.awaitingCopies(FederationFixtures.ID, false);
        listener.onChange(upsert("member2", FederatedTemplate.copy(deployment(9), "nginx-deployment", 3)));
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(sent).isEmpty();
    }

    @Test
    void aChangedCopyOfABindingWaitingForItsCopiesSyncsIt() {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        inputs.awaitingCopies(FederationFixtures.ID, false);
        inputs.awaitingCopies(FederationFixtures.ID, true);
        listener.onChange(upsert("member2", FederatedTemplate.copy(deployment(9), "nginx-deployment", 3)));
        await().atMost(Duration.ofSeconds(5)).until(() -> !sent.isEmpty());
        assertThat(syncedBindings()).containsExactly(FederationFixtures.ID);
    }

    /** The binding waits for a reschedule that ends when member2's copy holds {@code replicas}. */
    private void awaitingReschedule(int replicas) {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        fleet.fold(new MemberClusterRegistered("member2", "member", T0));
        inputs.awaitingCopies(FederationFixtures.ID, true);
        inputs.awaitedCopies(FederationFixtures.ID, java.util.Map.of("member2", replicas), false);
    }

    private void member2CopyNowHolds3() {
        listener.onChange(upsert("member2", FederatedTemplate.copy(deployment(9), "nginx-deployment", 3)));
    }

    @Test
    void aChangedCopyLeavingARescheduleShortOfItsAssignmentSyncsNothing() throws InterruptedException {
        awaitingReschedule(5);
        member2CopyNowHolds3();
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(sent).isEmpty();
    }

    @Test
    void aChangedCopyThatBringsARescheduleToItsAssignmentSyncsIt() {
        awaitingReschedule(3);
        member2CopyNowHolds3();
        await().atMost(Duration.ofSeconds(5)).until(() -> !sent.isEmpty());
        assertThat(syncedBindings()).containsExactly(FederationFixtures.ID);
    }

    @Test
    void aCommandAfterTheOneThatToldWhatEndsTheWaitForgetsIt() {
        awaitingReschedule(5);
        inputs.awaitingCopies(FederationFixtures.ID, true);
        member2CopyNowHolds3();
        await().atMost(Duration.ofSeconds(5)).until(() -> !sent.isEmpty());
        assertThat(syncedBindings()).containsExactly(FederationFixtures.ID);
    }

    @Test
    void nothingIsSyncedBeforeTheHostIsKnown() throws InterruptedException {
        upsert("member1", staticWeights(2, 1));
        listener.onChange(upsert("member1", deployment(9)));
        Thread.sleep(300);
        assertThat(sent).isEmpty();
    }

    @Test
    void atStartTheHostIsReadBackFromTheEventStoreAndItsTemplatesSynced() {
        events.publish(new GenericDomainEventMessage<>("MemberClusterAggregate", "member1", 0,
                new MemberClusterRegistered("member1", "host", T0)));
        upsert("member1", staticWeights(2, 1));
        upsert("member1", deployment(9));
        listener.onCaughtUp(state, T0);
        await().atMost(Duration.ofSeconds(5)).until(() -> !sent.isEmpty());
        assertThat(fleet.host()).contains("member1");
        assertThat(syncedBindings()).containsOnly(FederationFixtures.ID);
    }

    @Test
    void aNewPolicySyncsTheTemplatesItSelectsButNotTheOthers() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        upsert("member1", deployment(9));
        ObjectNode other = (ObjectNode) deployment(3);
        ((ObjectNode) other.get("metadata")).put("name", "unselected");
        upsert("member1", other);

        listener.onChange(upsert("member1", staticWeights(2, 1)));
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(syncedBindings()).containsExactly(FederationFixtures.ID);
    }

    @Test
    void aChangedPolicyLeavesTheBindingsOfOtherNamespacesAlone() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        syncs.request("binding:default/Deployment/seen-before", "placed");
        syncs.request("binding:team-b/Deployment/api", "placed");
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        sent.clear();

        listener.onChange(upsert("member1", staticWeights(2, 1)));
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(syncedBindings()).containsExactly("binding:default/Deployment/seen-before");
    }

    @Test
    void syncingEverythingFindsTemplatesSelectedByNameAndByLabelsButNotTheOthers() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        upsert("member1", staticWeights(2, 1));
        upsert("member1", deployment(9));
        ObjectNode byLabel = deployment(3);
        ((ObjectNode) byLabel.get("metadata")).put("name", "web").putObject("labels").put("tier", "web");
        upsert("member1", byLabel);
        ObjectNode unselected = deployment(3);
        ((ObjectNode) unselected.get("metadata")).put("name", "batch").putObject("labels").put("tier", "batch");
        upsert("member1", unselected);
        ObjectNode labelPolicy = (ObjectNode) staticWeights(1, 1);
        ((ObjectNode) labelPolicy.get("metadata")).put("name", "web");
        ((ObjectNode) labelPolicy.path("spec").path("resourceSelectors").get(0)).remove("name");
        ((ObjectNode) labelPolicy.path("spec").path("resourceSelectors").get(0)).putObject("labelSelector")
                .putObject("matchLabels").put("tier", "web");
        upsert("member1", labelPolicy);

        listener.syncEverything("test");
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(syncedBindings()).containsExactlyInAnyOrder(FederationFixtures.ID, "binding:default/Deployment/web");
    }

    private static ObjectNode inNamespace(ObjectNode template, String namespace, String name) {
        ((ObjectNode) template.get("metadata")).put("namespace", namespace).put("name", name);
        return template;
    }

    private static ObjectNode clusterPolicy() {
        return (ObjectNode) FederationFixtures.read("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"ClusterPropagationPolicy","metadata":{"name":"all"},
                 "spec":{"resourceSelectors":[{"apiVersion":"apps/v1","kind":"Deployment",
                          "labelSelector":{"matchLabels":{"app":"nginx"}}}],
                         "placement":{"clusterAffinity":{"clusterNames":["member1","member2"]}}}}
                """);
    }

    @Test
    void aClusterPropagationPolicySyncsTheTemplatesItSelectsInEveryNamespace() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        upsert("member1", inNamespace(deployment(2), "team-a", "web"));
        upsert("member1", inNamespace(deployment(2), "team-b", "api"));
        ObjectNode unlabelled = inNamespace(deployment(2), "team-b", "batch");
        ((ObjectNode) unlabelled.get("metadata")).putObject("labels").put("app", "batch");
        upsert("member1", unlabelled);

        listener.onChange(upsert("member1", clusterPolicy()));
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(syncedBindings()).containsExactlyInAnyOrder("binding:team-a/Deployment/web",
                "binding:team-b/Deployment/api");
    }

    @Test
    void aTemplateOnlyAClusterPropagationPolicySelectsIsSynced() {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        upsert("member1", clusterPolicy());
        listener.onChange(upsert("member1", inNamespace(deployment(2), "team-a", "web")));
        await().atMost(Duration.ofSeconds(5)).until(() -> !sent.isEmpty());
        assertThat(syncedBindings()).containsExactly("binding:team-a/Deployment/web");
    }

    @Test
    void aClusterObjectChangeOfTheHostSyncsEveryBinding() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        upsert("member1", staticWeights(2, 1));
        upsert("member1", deployment(9));
        upsert("member1", clusterPolicy());
        upsert("member1", inNamespace(deployment(2), "team-a", "web"));

        listener.onChange(upsert("member1", FederationFixtures.read("""
                {"apiVersion":"cluster.karmada.io/v1alpha1","kind":"Cluster",
                 "metadata":{"name":"member2","labels":{"env":"prod"}},"spec":{"region":"eu"}}
                """)));
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(syncedBindings()).containsExactlyInAnyOrder(FederationFixtures.ID, "binding:team-a/Deployment/web");
    }

    @Test
    void aClusterOfAnotherApiGroupIsNotAMember() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        upsert("member1", staticWeights(2, 1));
        upsert("member1", deployment(9));

        listener.onChange(upsert("member1", FederationFixtures.read("""
                {"apiVersion":"cluster.x-k8s.io/v1beta1","kind":"Cluster","metadata":{"name":"capi"}}
                """)));
        Thread.sleep(300);

        assertThat(sent).isEmpty();
    }

    @Test
    void aMemberClusterChangeOfTheHostSyncsEveryBinding() throws InterruptedException {
        fleet.fold(new MemberClusterRegistered("member1", "host", T0));
        upsert("member1", staticWeights(2, 1));
        upsert("member1", deployment(9));

        listener.onChange(upsert("member1", FederationFixtures.read("""
                {"apiVersion":"apps.meridian.io/v1alpha1","kind":"MemberCluster",
                 "metadata":{"name":"member2","labels":{"env":"prod"}},"spec":{"region":"eu"}}
                """)));
        assertThat(syncs.awaitIdle(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(syncedBindings()).containsExactly(FederationFixtures.ID);
    }
}
