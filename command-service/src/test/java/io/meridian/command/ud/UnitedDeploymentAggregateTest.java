package io.meridian.command.ud;

import static io.meridian.command.ud.UdManifests.HOST;
import static io.meridian.command.ud.UdManifests.adaptive;
import static io.meridian.command.ud.UdManifests.capacityPlanning;
import static io.meridian.command.ud.UdManifests.cloneSet;
import static io.meridian.command.ud.UdManifests.inMembers;
import static io.meridian.command.ud.UdManifests.replicas;
import static io.meridian.command.ud.UdManifests.withReady;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.ud.api.PlanUnitedDeploymentReschedule;
import io.meridian.command.ud.api.ReconcileUnitedDeployment;
import io.meridian.command.ud.api.RecordUnitedDeploymentMutationResult;
import io.meridian.command.ud.api.DeleteLeftoverWorkloads;
import io.meridian.command.ud.api.LeftoverWorkloadsDeleted;
import io.meridian.command.ud.api.RemoveUnitedDeployment;
import io.meridian.command.ud.api.RescheduleUnitedDeployment;
import io.meridian.command.ud.api.SubsetWorkload;
import io.meridian.command.ud.api.UdMutation;
import io.meridian.command.ud.api.UnitedDeploymentApi;
import io.meridian.command.ud.api.UnitedDeploymentChanged;
import io.meridian.command.ud.api.UnitedDeploymentMutationResultRecorded;
import io.meridian.command.ud.api.UnitedDeploymentReconcileDue;
import io.meridian.command.ud.api.UnitedDeploymentReconciled;
import io.meridian.command.ud.api.UnitedDeploymentRegistered;
import io.meridian.command.ud.api.UnitedDeploymentRemoved;
import io.meridian.command.ud.api.UnitedDeploymentRescheduled;
import io.meridian.command.ud.api.UpsertUnitedDeployment;
import io.meridian.core.KernelVersion;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.matchers.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class UnitedDeploymentAggregateTest {
    static final String ID = UnitedDeploymentApi.aggregateId(HOST, "ns", "ud");
    static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");
    static final String REVISION = UdRevision.of(UdJson.identityAndSpec(capacityPlanning(5)));

    AggregateTestFixture<UnitedDeploymentAggregate> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(UnitedDeploymentAggregate.class);
    }

    static UnitedDeploymentRegistered registered(JsonNode manifest) {
        return new UnitedDeploymentRegistered(ID, HOST, UdJson.identityAndSpec(manifest), T0);
    }

    private static ReconcileUnitedDeployment reconcile(int second, List<SubsetWorkload> workloads, Set<String> unreachable) {
        return new ReconcileUnitedDeployment(ID, ID + "@r" + second, T0.plusSeconds(second), "test", false, workloads,
                Map.of(), unreachable);
    }

    static ReconcileUnitedDeployment reconcile(int second, SubsetWorkload... workloads) {
        return reconcile(second, List.of(workloads), Set.of());
    }

    /** The events one command records, given the earlier ones. */
    static List<Object> recorded(List<Object> given, Object command) {
        AggregateTestFixture<UnitedDeploymentAggregate> f = new AggregateTestFixture<>(UnitedDeploymentAggregate.class);
        Object[] holder = new Object[1];
        f.given(given).when(command).expectEventsMatching(Matchers.payloadsMatching(Matchers.predicate(events -> {
            holder[0] = events;
            return true;
        })));
        @SuppressWarnings("unchecked")
        List<Object> events = (List<Object>) holder[0];
        return events;
    }

    static UnitedDeploymentReconciled reconciled(List<Object> given, Object command) {
        List<Object> events = recorded(given, command);
        assertThat(events).hasSize(1).first().isInstanceOf(UnitedDeploymentReconciled.class);
        return (UnitedDeploymentReconciled) events.get(0);
    }

    static List<UdMutation> ofType(UnitedDeploymentReconciled event, String type) {
        return event.mutations().stream().filter(m -> m.type().equals(type)).toList();
    }

    private static int replicasOf(UdMutation apply) {
        return apply.body().path("object").path("spec").path("replicas").asInt(-1);
    }

    private static String subsetOf(UdMutation apply) {
        return apply.body().path("object").path("metadata").path("labels").path("apps.kruise.io/subset-name").asText();
    }

    @Test
    void aNewUnitedDeploymentIsRegistered() {
        fixture.givenNoPriorActivity()
                .when(new UpsertUnitedDeployment(ID, HOST, capacityPlanning(5), T0))
                .expectEvents(registered(capacityPlanning(5)));
    }

    @Test
    void anUnchangedUnitedDeploymentRecordsNothing() {
        fixture.given(registered(capacityPlanning(5)))
                .when(new UpsertUnitedDeployment(ID, HOST, capacityPlanning(5), T0.plusSeconds(1)))
                .expectNoEvents();
    }

    @Test
    void aScaledUnitedDeploymentIsRecordedAsChanged() {
        fixture.given(registered(capacityPlanning(5)))
                .when(new UpsertUnitedDeployment(ID, HOST, capacityPlanning(3), T0.plusSeconds(1)))
                .expectEvents(new UnitedDeploymentChanged(ID, UdJson.identityAndSpec(capacityPlanning(3)), T0.plusSeconds(1)));
    }

    @Test
    void theSameKruiseObjectReportedInTheOtherVersionIsNoChange() {
        var v1beta1 = capacityPlanning(5).put("apiVersion", "apps.kruise.io/v1beta1");
        fixture.given(registered(capacityPlanning(5)))
                .when(new UpsertUnitedDeployment(ID, HOST, v1beta1, T0.plusSeconds(1)))
                .expectNoEvents();
    }

    @Test
    void aManifestWithoutSubsetsOfTheRightShapeIsRefused() {
        fixture.givenNoPriorActivity()
                .when(new UpsertUnitedDeployment(ID, HOST, UdManifests.parse("""
                        {"apiVersion": "apps.kruise.io/v1beta1", "kind": "UnitedDeployment",
                         "metadata": {"name": "ud", "namespace": "ns"}, "spec": {"topology": {"subsets": "no"}}}"""), T0))
                .expectException(IllegalArgumentException.class);
    }

    @Test
    void theFirstReconcileCreatesOneWorkloadPerSubsetWithTheAllocatedReplicas() {
        UnitedDeploymentReconciled event = reconciled(List.of(registered(capacityPlanning(5))), reconcile(1));
        assertThat(event.decisionId()).isEqualTo(ID + "@r1");
        assertThat(event.kernelVersion()).isEqualTo(KernelVersion.VALUE);
        assertThat(event.output().path("nextReplicas").toString()).isEqualTo("{\"a\":4,\"b\":1}");
        List<UdMutation> applies = ofType(event, "ApplyObject");
        assertThat(applies).extracting(UdManifestsTestView::subsetAndReplicas).containsExactly("a=4", "b=1");
        assertThat(applies).allMatch(m -> m.cluster().equals(HOST) && m.kind().equals("CloneSet") && m.name().startsWith("ud-"));
        assertThat(event.reason()).contains("2 to create");
    }

    @Test
    void theStatusIsWrittenAsMutationZeroWithTheLabelSelector() {
        UnitedDeploymentReconciled event = reconciled(List.of(registered(capacityPlanning(5))), reconcile(1));
        UdMutation status = event.mutations().get(0);
        assertThat(status.type()).isEqualTo("WriteStatus");
        assertThat(status.index()).isZero();
        assertThat(status.body().path("status").path("labelSelector").asText()).isEqualTo("app=web");
        assertThat(status.body().path("status").path("subsetReplicas").toString()).isEqualTo("{\"a\":4,\"b\":1}");
        assertThat(event.mutations().subList(1, event.mutations().size())).extracting(UdMutation::index).containsExactly(1, 2);
    }

    @Test
    void aRepeatedCreateNamesTheSameWorkload() {
        UnitedDeploymentReconciled first = reconciled(List.of(registered(capacityPlanning(5))), reconcile(1));
        UnitedDeploymentReconciled second = reconciled(List.of(registered(capacityPlanning(5))), reconcile(7));
        assertThat(ofType(first, "ApplyObject")).extracting(UdMutation::name)
                .isEqualTo(ofType(second, "ApplyObject").stream().map(UdMutation::name).toList());
    }

    @Test
    void aSubsetNamingAMemberClusterHasItsWorkloadThereWithoutOwnerReference() {
        UnitedDeploymentReconciled event = reconciled(List.of(registered(inMembers(5))), reconcile(1));
        List<UdMutation> applies = ofType(event, "ApplyObject");
        assertThat(applies).extracting(UdMutation::cluster).containsExactly("a-cluster", "b-cluster");
        assertThat(applies).allMatch(m -> m.body().path("object").path("metadata").path("ownerReferences").isMissingNode());
        assertThat(applies).allMatch(m -> m.body().path("object").path("metadata").path("annotations")
                .path(SubsetWorkload.OWNER_ANNOTATION).asText().equals("member1/ns/ud"));
        assertThat(ofType(event, "WriteStatus")).extracting(UdMutation::cluster).containsExactly(HOST);
    }

    @Test
    void aLocalSubsetKeepsTheOwnerReferenceToTheUnitedDeployment() {
        UnitedDeploymentReconciled event = reconciled(List.of(registered(capacityPlanning(5))), reconcile(1));
        JsonNode owner = ofType(event, "ApplyObject").get(0).body().at("/object/metadata/ownerReferences/0");
        assertThat(owner.path("kind").asText()).isEqualTo("UnitedDeployment");
        assertThat(owner.path("uid").asText()).isEqualTo("ud-uid");
    }

    @Test
    void aSubsetNamingTheUnitedDeploymentsOwnClusterIsLocal() {
        UnitedDeploymentReconciled created = reconciled(List.of(registered(
                UdManifests.withSubsetCluster(capacityPlanning(5), 0, HOST))), reconcile(1));
        assertThat(ofType(created, "ApplyObject")).extracting(UdMutation::cluster).containsOnly(HOST);
    }

    @Test
    void workloadsAtTheirAllocationChangeNothing() {
        List<Object> given = List.of(registered(capacityPlanning(5)));
        SubsetWorkload a = cloneSet(HOST, "ud-a-x", "a", 4, REVISION);
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 1, REVISION);
        UnitedDeploymentReconciled first = reconciled(given, reconcile(1, a, b));
        assertThat(ofType(first, "ApplyObject")).isEmpty();
        fixture.given(registered(capacityPlanning(5)), first)
                .when(reconcile(2, a, b))
                .expectNoEvents();
    }

    @Test
    void scalingTheUnitedDeploymentDownScalesTheLaterSubsetFirst() {
        SubsetWorkload a = cloneSet(HOST, "ud-a-x", "a", 4, REVISION);
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 1, REVISION);
        UnitedDeploymentReconciled event = reconciled(List.of(registered(capacityPlanning(5)),
                new UnitedDeploymentChanged(ID, UdJson.identityAndSpec(capacityPlanning(3)), T0)), reconcile(1, a, b));
        assertThat(ofType(event, "ApplyObject")).extracting(UdManifestsTestView::subsetAndReplicas)
                .containsExactly("a=3", "b=0");
        assertThat(ofType(event, "ApplyObject")).extracting(UdMutation::name).containsExactly("ud-a-x", "ud-b-x");
    }

    @Test
    void aSubsetNoLongerInTheTopologyIsDeleted() {
        SubsetWorkload a = cloneSet(HOST, "ud-a-x", "a", 4, REVISION);
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 1, REVISION);
        SubsetWorkload gone = cloneSet(HOST, "ud-c-x", "c", 2, REVISION);
        UnitedDeploymentReconciled event = reconciled(List.of(registered(capacityPlanning(5))), reconcile(1, a, b, gone));
        assertThat(ofType(event, "DeleteObject")).extracting(UdMutation::name).containsExactly("ud-c-x");
    }

    @Test
    void anAllocationTheKernelRejectsIsRecordedOnceAndChangesNothing() {
        var bad = capacityPlanning(5);
        ((com.fasterxml.jackson.databind.node.ObjectNode) bad.at("/spec/topology/subsets/0")).put("maxReplicas", "x%");
        ((com.fasterxml.jackson.databind.node.ObjectNode) bad.at("/spec/topology/subsets/0")).put("minReplicas", 9);
        UnitedDeploymentReconciled rejected = reconciled(List.of(registered(bad)), reconcile(1));
        assertThat(rejected.mutations()).isEmpty();
        assertThat(rejected.events()).hasSize(1);
        assertThat(rejected.reason()).startsWith("Specified subset replicas is ineffective");
        fixture.given(registered(bad), rejected).when(reconcile(2)).expectNoEvents();
    }

    @Test
    void aRemovedUnitedDeploymentDeletesItsWorkloadsInEveryCluster() {
        SubsetWorkload a = cloneSet("a-cluster", "ud-a-x", "a", 4, REVISION);
        SubsetWorkload b = cloneSet("b-cluster", "ud-b-x", "b", 1, REVISION);
        List<Object> events = recorded(List.of(registered(inMembers(5))),
                new RemoveUnitedDeployment(ID, ID + "@d", List.of(a, b), T0.plusSeconds(1)));
        UnitedDeploymentRemoved removed = (UnitedDeploymentRemoved) events.get(0);
        assertThat(removed.mutations()).extracting(m -> m.type() + " " + m.cluster() + " " + m.name())
                .containsExactly("DeleteObject a-cluster ud-a-x", "DeleteObject b-cluster ud-b-x");
    }

    @Test
    void leftoverWorkloadsOfARemovedUnitedDeploymentAreDeleted() {
        SubsetWorkload b = cloneSet("b-cluster", "ud-b-x", "b", 1, REVISION);
        List<Object> events = recorded(List.of(registered(inMembers(5)), new UnitedDeploymentRemoved(ID, ID + "@d", List.of(), T0)),
                new DeleteLeftoverWorkloads(ID, ID + "@l", List.of(b), T0.plusSeconds(60)));
        LeftoverWorkloadsDeleted deleted = (LeftoverWorkloadsDeleted) events.get(0);
        assertThat(deleted.mutations()).extracting(m -> m.type() + " " + m.cluster() + " " + m.name())
                .containsExactly("DeleteObject b-cluster ud-b-x");
    }

    @Test
    void aLiveUnitedDeploymentHasNoLeftoversToDelete() {
        fixture.given(registered(inMembers(5)))
                .when(new DeleteLeftoverWorkloads(ID, ID + "@l", List.of(cloneSet("b-cluster", "ud-b-x", "b", 1, REVISION)),
                        T0.plusSeconds(60)))
                .expectNoEvents();
    }

    @Test
    void aRemovedUnitedDeploymentIsNotReconciled() {
        fixture.given(registered(capacityPlanning(5)), new UnitedDeploymentRemoved(ID, ID + "@d", List.of(), T0))
                .when(reconcile(1))
                .expectNoEvents();
    }

    @Test
    void anUnreachableMemberMakesItsAdaptiveSubsetUnschedulableSoTheRestGoesElsewhere() {
        var ud = UdManifests.withSubsetCluster(adaptive(5), 0, "a-cluster");
        SubsetWorkload a = withReady(cloneSet("a-cluster", "ud-a-x", "a", 4, REVISION(ud)), 2);
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 1, REVISION(ud));
        UnitedDeploymentReconciled event = reconciled(List.of(registered(ud)),
                reconcile(1, List.of(a, b), Set.of("a-cluster")));
        assertThat(event.output().path("nextReplicas").toString()).isEqualTo("{\"a\":2,\"b\":3}");
        JsonNode schedulable = event.status().at("/subsetStatuses/0/conditions/0");
        assertThat(schedulable.path("type").asText()).isEqualTo("Schedulable");
        assertThat(schedulable.path("status").asText()).isEqualTo("False");
        assertThat(schedulable.path("reason").asText()).isEqualTo(Reachability.REASON_UNREACHABLE);
    }

    @Test
    void aReachableMemberKeepsItsAdaptiveSubset() {
        var ud = UdManifests.withSubsetCluster(adaptive(5), 0, "a-cluster");
        SubsetWorkload a = withReady(cloneSet("a-cluster", "ud-a-x", "a", 4, REVISION(ud)), 2);
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 1, REVISION(ud));
        UnitedDeploymentReconciled event = reconciled(List.of(registered(ud)), reconcile(1, List.of(a, b), Set.of()));
        assertThat(event.output().path("nextReplicas").toString()).isEqualTo("{\"a\":4,\"b\":1}");
    }

    @Test
    void podsPendingInAFullZoneBeyondTheCriticalTimeMoveTheirReplicasToTheNextSubset() {
        var ud = adaptive(6);
        SubsetWorkload a = withStatus(cloneSet(HOST, "ud-a-x", "a", 4, REVISION(ud)), 4, 2);
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 2, REVISION(ud));
        ReconcileUnitedDeployment command = new ReconcileUnitedDeployment(ID, ID + "@r40", T0.plusSeconds(40), "test",
                false, List.of(a, b), Map.of("a", List.of(running("a-1"), running("a-2"), pending("a-3"), pending("a-4"))),
                Set.of());
        UnitedDeploymentReconciled event = reconciled(List.of(registered(ud)), command);
        assertThat(event.output().path("nextReplicas").toString()).isEqualTo("{\"a\":2,\"b\":4}");
    }

    static SubsetWorkload withStatus(SubsetWorkload workload, int replicas, int ready) {
        var copy = workload.manifest().deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) copy.get("status")).put("replicas", replicas)
                .put("readyReplicas", ready).put("updatedReadyReplicas", ready);
        return new SubsetWorkload(workload.cluster(), copy);
    }

    private static JsonNode running(String name) {
        return UdManifests.parse("""
                {"metadata": {"name": "%s", "namespace": "ns", "creationTimestamp": "2026-11-22T04:00:00Z"},
                 "spec": {"nodeName": "n1"},
                 "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}}""".formatted(name));
    }

    private static JsonNode pending(String name) {
        return UdManifests.parse("""
                {"metadata": {"name": "%s", "namespace": "ns", "creationTimestamp": "2026-11-22T04:00:01Z"},
                 "spec": {},
                 "status": {"phase": "Pending",
                   "conditions": [{"type": "PodScheduled", "status": "False", "reason": "Unschedulable"}]}}""".formatted(name));
    }

    @Test
    void anAdaptiveCreationArmsTheRescheduleCriticalDeadline() {
        fixture.given(registered(adaptive(5)))
                .when(reconcile(1))
                .expectScheduledDeadlineWithName(T0.plusSeconds(1 + 30).plus(UnitedDeploymentAggregate.REQUEUE_MARGIN),
                        UnitedDeploymentAggregate.RECONCILE_DEADLINE);
    }

    @Test
    void aScaleUpArmsItsOwnLookEvenWithAnEarlierReconcilePending() {
        var ud = adaptive(6);
        fixture.given(registered(ud))
                .andGivenCommands(reconcile(1))
                .when(reconcile(20, cloneSet(HOST, "ud-a-x", "a", 2, REVISION(ud)), cloneSet(HOST, "ud-b-x", "b", 2, REVISION(ud))))
                .expectScheduledDeadlineWithName(T0.plusSeconds(20 + 30).plus(UnitedDeploymentAggregate.REQUEUE_MARGIN),
                        UnitedDeploymentAggregate.RECONCILE_DEADLINE);
    }

    @Test
    void aFiredDeadlineIsRecordedSoTheTriggersReconcile() {
        fixture.given(registered(adaptive(5)))
                .andGivenCommands(reconcile(1))
                .whenTimeElapses(java.time.Duration.ofSeconds(40))
                .expectEventsMatching(Matchers.payloadsMatching(Matchers.exactSequenceOf(
                        Matchers.predicate(e -> e instanceof UnitedDeploymentReconcileDue), Matchers.andNoMore())));
    }

    @Test
    void aFailedStatusWriteIsWrittenAgainByTheNextReconcile() {
        SubsetWorkload a = cloneSet(HOST, "ud-a-x", "a", 4, REVISION);
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 1, REVISION);
        UnitedDeploymentReconciled first = reconciled(List.of(registered(capacityPlanning(5))), reconcile(1, a, b));
        UnitedDeploymentReconciled again = reconciled(List.of(registered(capacityPlanning(5)), first,
                new UnitedDeploymentMutationResultRecorded(ID, ID + "@r1/0", "Failed", "conflict", T0, true)),
                reconcile(2, a, b));
        assertThat(ofType(again, "WriteStatus")).hasSize(1);
    }

    @Test
    void aFailedMutationIsRecordedForARetry() {
        fixture.given(registered(capacityPlanning(5)))
                .when(new RecordUnitedDeploymentMutationResult(ID, ID + "@r1/1", "Failed", "boom", T0))
                .expectEvents(new UnitedDeploymentMutationResultRecorded(ID, ID + "@r1/1", "Failed", "boom", T0, true));
    }

    @Test
    void anUnreachableClusterIsLeftToTheAppliersOwnRetries() {
        fixture.given(registered(capacityPlanning(5)))
                .when(new RecordUnitedDeploymentMutationResult(ID, ID + "@r1/1", "Unreachable", "cut off", T0))
                .expectEvents(new UnitedDeploymentMutationResultRecorded(ID, ID + "@r1/1", "Unreachable", "cut off", T0, false));
    }

    @Test
    void aRescheduleAnswersAFreshAllocationIgnoringReadyPodsAndRecordsIt() {
        var ud = adaptive(5);
        SubsetWorkload a = cloneSet(HOST, "ud-a-x", "a", 2, REVISION(ud));
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 3, REVISION(ud));
        UnitedDeploymentReconciled stuck = reconciled(List.of(registered(ud)), reconcile(1, a, b));
        assertThat(stuck.output().path("nextReplicas").toString()).isEqualTo("{\"a\":2,\"b\":3}");
        fixture.given(registered(ud), stuck)
                .when(new RescheduleUnitedDeployment(ID, "rebalancer:demo", T0.plusSeconds(2)))
                .expectResultMessagePayload(new ReschedulePlan(replicas(2, 3), replicas(4, 1)))
                .expectEvents(new UnitedDeploymentRescheduled(ID, "rebalancer:demo",
                        ID + "@reschedule:rebalancer:demo:" + T0.plusSeconds(2), replicas(2, 3), replicas(4, 1),
                        T0.plusSeconds(2)));
    }

    @Test
    void aRescheduledAllocationIsNotUndoneByTheReadyPodsOfTheOldOne() {
        var ud = adaptive(5);
        SubsetWorkload a = cloneSet(HOST, "ud-a-x", "a", 2, REVISION(ud));
        SubsetWorkload b = cloneSet(HOST, "ud-b-x", "b", 3, REVISION(ud));
        UnitedDeploymentReconciled stuck = reconciled(List.of(registered(ud)), reconcile(1, a, b));
        UnitedDeploymentRescheduled rescheduled = new UnitedDeploymentRescheduled(ID, "rebalancer:demo", "d",
                replicas(2, 3), replicas(4, 1), T0.plusSeconds(2));
        UnitedDeploymentReconciled next = reconciled(List.of(registered(ud), stuck, rescheduled), reconcile(3, a, b));
        assertThat(ofType(next, "ApplyObject")).extracting(UdManifestsTestView::subsetAndReplicas)
                .containsExactly("a=4", "b=1");
        assertThat(next.expectedReplicas()).isEqualTo(replicas(4, 1));
    }

    @Test
    void aRescheduleDryRunRecordsNothing() {
        fixture.given(registered(capacityPlanning(5)))
                .when(new PlanUnitedDeploymentReschedule(ID, T0))
                .expectResultMessagePayload(new ReschedulePlan(replicas(0, 0), replicas(4, 1)))
                .expectNoEvents();
    }

    @Test
    void aRescheduleOfAnUnknownUnitedDeploymentFails() {
        fixture.givenNoPriorActivity()
                .when(new RescheduleUnitedDeployment(ID, "rebalancer:demo", T0))
                .expectException(AggregateNotFoundException.class);
    }

    static String REVISION(JsonNode ud) {
        return UdRevision.of(UdJson.identityAndSpec(ud));
    }

    /** Readable views of mutations in assertions. */
    static final class UdManifestsTestView {
        static String subsetAndReplicas(UdMutation apply) {
            return subsetOf(apply) + "=" + replicasOf(apply);
        }
    }
}
