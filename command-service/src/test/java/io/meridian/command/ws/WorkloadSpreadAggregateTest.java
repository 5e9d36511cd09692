package io.meridian.command.ws;

import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.api.AdmissionOutcome;
import io.meridian.command.ws.api.AdmitPods;
import io.meridian.command.ws.api.PodToAdmit;
import io.meridian.command.ws.api.PodsAdmitted;
import io.meridian.command.ws.api.RemoveWorkloadSpread;
import io.meridian.command.ws.api.SyncWorkloadSpread;
import io.meridian.command.ws.api.WorkloadSpreadSynced;
import io.meridian.command.ws.api.UpsertWorkloadSpread;
import io.meridian.command.ws.api.WorkloadSpreadChanged;
import io.meridian.command.ws.api.WorkloadSpreadRegistered;
import io.meridian.command.ws.api.WorkloadSpreadRemoved;
import io.meridian.command.ws.api.WorkloadSpreadSyncDue;
import io.meridian.core.KernelVersion;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WorkloadSpreadAggregateTest {
    static final String ID = "member1/ns/ws";
    static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");

    AggregateTestFixture<WorkloadSpreadAggregate> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(WorkloadSpreadAggregate.class);
    }

    private static JsonNode registeredManifest() {
        return KernelJson.identityAndSpec(spread("ws", 2));
    }

    private static WorkloadSpreadRegistered registered() {
        return new WorkloadSpreadRegistered(ID, "member1", registeredManifest(), T0, 0);
    }

    private static AdmitPods admit(boolean dryRun, String... pods) {
        List<PodToAdmit> batch = java.util.Arrays.stream(pods).map(p -> new PodToAdmit("uid-" + p, "d-" + p, pod(p))).toList();
        return new AdmitPods(ID, batch, List.of(cloneSet(4)), T0.plusSeconds(1), dryRun);
    }

    @Test
    void aNewSpreadIsRegistered() {
        fixture.givenNoPriorActivity()
                .when(new UpsertWorkloadSpread(ID, "member1", spread("ws", 2), T0))
                .expectEvents(registered());
    }

    @Test
    void anUnchangedSpreadRecordsNothing() {
        fixture.given(registered())
                .when(new UpsertWorkloadSpread(ID, "member1", spread("ws", 2), T0.plusSeconds(5)))
                .expectNoEvents();
    }

    @Test
    void aChangedSpecIsRecorded() {
        fixture.given(registered())
                .when(new UpsertWorkloadSpread(ID, "member1", spread("ws", 3), T0.plusSeconds(5)))
                .expectEvents(new WorkloadSpreadChanged(ID, KernelJson.identityAndSpec(spread("ws", 3)), T0.plusSeconds(5), 1));
    }

    @Test
    void aDeletedSpreadIsRemovedOnce() {
        fixture.given(registered(), new WorkloadSpreadRemoved(ID, T0.plusSeconds(1), 1))
                .when(new RemoveWorkloadSpread(ID, T0.plusSeconds(2)))
                .expectNoEvents();
    }

    @Test
    void aBatchFillsTheFirstSubsetUpToMaxReplicasThenTheNext() {
        fixture.given(registered())
                .when(admit(false, "p1", "p2", "p3"))
                .expectSuccessfulHandlerExecution()
                .expectResultMessagePayloadMatching(org.axonframework.test.matchers.Matchers.predicate(result -> {
                    @SuppressWarnings("unchecked")
                    List<AdmissionOutcome> outcomes = (List<AdmissionOutcome>) result;
                    return outcomes.stream().map(AdmissionOutcome::subset).toList().equals(List.of("zone-a", "zone-a", "zone-b"));
                }));
    }

    @Test
    void everyAdmissionIsRecordedWithItsInputsAndTheKernelVersion() {
        fixture.given(registered())
                .when(admit(false, "p1"))
                .expectEventsMatching(org.axonframework.test.matchers.Matchers.payloadsMatching(
                        org.axonframework.test.matchers.Matchers.exactSequenceOf(
                                org.axonframework.test.matchers.Matchers.predicate(event -> {
                                    PodsAdmitted admitted = (PodsAdmitted) event;
                                    return admitted.kernelVersion().equals(KernelVersion.VALUE)
                                            && admitted.admissions().size() == 1
                                            && admitted.admissions().get(0).decisionId().equals("d-p1")
                                            && admitted.admissions().get(0).pod().path("metadata").equals(pod("p1").path("metadata"))
                                            && admitted.admissions().get(0).pod().path(AdmittedPodInput.DIGEST).asText()
                                                    .equals(AdmittedPodInput.sha256(pod("p1")))
                                            && admitted.clusterObjects().equals(List.of(cloneSet(4)))
                                            && admitted.now().equals(T0.plusSeconds(1));
                                }),
                                org.axonframework.test.matchers.Matchers.andNoMore())));
    }

    @Test
    void anAdmissionKeepsThePodsSpecOnlyAsTheDigestOfTheWholePod() {
        PodsAdmitted event = admitted(admit(false, "p1"));

        JsonNode kept = event.admissions().get(0).pod();
        assertThat(kept.has("spec")).isFalse();
        assertThat(kept.path(AdmittedPodInput.DIGEST).asText()).isEqualTo(AdmittedPodInput.sha256(pod("p1")))
                .isNotEqualTo(AdmittedPodInput.sha256(pod("p2")));
    }

    @Test
    void whatTheAdmissionServicePreparedOfThePodIsRecordedAsGiven() {
        JsonNode prepared = AdmittedPodInput.of(pod("p1"));

        PodsAdmitted event = admitted(new AdmitPods(ID, List.of(new PodToAdmit("u-p1", "d-p1", pod("p1"), List.of(), prepared)),
                List.of(cloneSet(4)), T0.plusSeconds(1), false));

        assertThat(event.admissions().get(0).pod()).isSameAs(prepared);
    }

    @Test
    void reservationsCountAcrossBatches() {
        PodsAdmitted first = firstBatch();
        fixture.given(registered(), first)
                .when(admit(false, "p3"))
                .expectResultMessagePayloadMatching(org.axonframework.test.matchers.Matchers.predicate(result ->
                        ((List<?>) result).get(0) instanceof AdmissionOutcome o && "zone-b".equals(o.subset())));
    }

    @Test
    void aDryRunDecidesWithoutRecording() {
        fixture.given(registered())
                .when(admit(true, "p1"))
                .expectNoEvents()
                .expectNoScheduledDeadlines();
    }

    @Test
    void aReservationSchedulesTheCreationTimeoutSync() {
        fixture.given(registered())
                .when(admit(false, "p1"))
                .expectScheduledDeadlineWithName(T0.plusSeconds(1 + 31), WorkloadSpreadAggregate.SYNC_DEADLINE);
    }

    @Test
    void theTimeoutMakesTheSpreadDueForASync() {
        fixture.given(registered())
                .andGivenCommands(admit(false, "p1"))
                .whenTimeAdvancesTo(T0.plusSeconds(33))
                .expectEvents(new WorkloadSpreadSyncDue(ID, T0.plusSeconds(32)));
    }

    private static SyncWorkloadSpread sync(boolean rearm, JsonNode... pods) {
        return new SyncWorkloadSpread(ID, ID + "@s1", T0.plusSeconds(5), "test", rearm, cloneSet(4), null, List.of(pods), List.of());
    }

    private static JsonNode runningIn(String name, String subset) {
        ObjectNode pod = pod(name);
        ((ObjectNode) pod.get("metadata")).putObject("annotations").put(io.meridian.core.ws.MatchedWorkloadSpread.ANNOTATION,
                new io.meridian.core.ws.MatchedWorkloadSpread("ws", subset, "").toAnnotationValue());
        pod.putObject("status").put("phase", "Running");
        return pod;
    }

    @Test
    void aSyncRecordsTheStatusAndItsMutationsNumberedWithinTheDecision() {
        fixture.given(registered())
                .when(sync(false, runningIn("p1", "zone-a"), runningIn("p2", "zone-b")))
                .expectEventsMatching(org.axonframework.test.matchers.Matchers.payloadsMatching(
                        org.axonframework.test.matchers.Matchers.exactSequenceOf(
                                org.axonframework.test.matchers.Matchers.predicate(event -> {
                                    WorkloadSpreadSynced synced = (WorkloadSpreadSynced) event;
                                    return synced.statusChanged() && synced.mutations().get(0).type().equals("WriteStatus")
                                            && synced.mutations().get(0).index() == 0
                                            && synced.decisionId().equals(ID + "@s1")
                                            && synced.inputs().path("pods").size() == 2;
                                }),
                                org.axonframework.test.matchers.Matchers.andNoMore())));
    }

    @Test
    void aRemovedSpreadIsNotSynced() {
        fixture.given(registered(), new WorkloadSpreadRemoved(ID, T0.plusSeconds(1), 1))
                .when(sync(false, runningIn("p1", "zone-a")))
                .expectNoEvents();
    }

    @Test
    void aSyncArmsTheEarliestReservationTimeoutTheKernelReports() {
        fixture.given(registered(), firstBatch())
                .when(sync(true))
                .expectScheduledDeadlineWithName(T0.plusSeconds(1 + 30), WorkloadSpreadAggregate.SYNC_DEADLINE);
    }

    private static PodsAdmitted firstBatch() {
        AggregateTestFixture<WorkloadSpreadAggregate> f = new AggregateTestFixture<>(WorkloadSpreadAggregate.class);
        PodsAdmitted[] holder = new PodsAdmitted[1];
        f.given(registered()).when(admit(false, "p1", "p2")).expectEventsMatching(
                org.axonframework.test.matchers.Matchers.payloadsMatching(org.axonframework.test.matchers.Matchers.predicate(events -> {
                    holder[0] = (PodsAdmitted) ((List<?>) events).get(0);
                    return true;
                })));
        assertThat(holder[0].admissions()).hasSize(2);
        return holder[0];
    }

    private static final String COST = io.meridian.core.ws.controller.DeletionCosts.ANNOTATION;

    private static AdmitPods admitWithLatest(String latestVersion, String... pods) {
        List<PodToAdmit> batch = java.util.Arrays.stream(pods).map(p -> new PodToAdmit("uid-" + p, "d-" + p, pod(p))).toList();
        return new AdmitPods(ID, batch, List.of(cloneSet(4)), T0.plusSeconds(1), false, latestVersion);
    }

    private static PodsAdmitted admitted(AdmitPods command) {
        AggregateTestFixture<WorkloadSpreadAggregate> f = new AggregateTestFixture<>(WorkloadSpreadAggregate.class);
        PodsAdmitted[] holder = new PodsAdmitted[1];
        f.given(registered()).when(command).expectEventsMatching(
                org.axonframework.test.matchers.Matchers.payloadsMatching(org.axonframework.test.matchers.Matchers.predicate(events -> {
                    holder[0] = (PodsAdmitted) ((List<?>) events).get(0);
                    return true;
                })));
        return holder[0];
    }

    private static JsonNode patched(io.meridian.command.ws.api.PodAdmission admission) {
        return io.fabric8.zjsonpatch.JsonPatch.apply(admission.outcome().patch(),
                pod(admission.pod().path("metadata").path("name").asText()));
    }

    @Test
    void theAdmissionPatchGivesThePodTheDeletionCostOfItsSubset() {
        // zone-a (max 2) then zone-b (unlimited), N = 2: 100*(N-i) for the latest version
        PodsAdmitted event = admitted(admit(false, "p1", "p2", "p3"));

        assertThat(event.admissions()).extracting(a -> a.outcome().subset()).containsExactly("zone-a", "zone-a", "zone-b");
        assertThat(event.admissions()).extracting(io.meridian.command.ws.api.PodAdmission::initialDeletionCost)
                .containsExactly("200", "200", "100");
        assertThat(event.admissions()).extracting(a -> patched(a).path("metadata").path("annotations").path(COST).asText())
                .containsExactly("200", "200", "100");
        // the pods have no annotations: the kernel's own operations create the object, the cost comes last
        JsonNode patch = event.admissions().get(2).outcome().patch();
        assertThat(patch.get(patch.size() - 1)).isEqualTo(Manifests.json(
                "{'op':'add','path':'/metadata/annotations/controller.kubernetes.io~1pod-deletion-cost','value':'100'}"));
        assertThat(patched(event.admissions().get(2)).path("metadata").path("annotations")
                .has(io.meridian.core.ws.MatchedWorkloadSpread.ANNOTATION)).isTrue();
        assertThat(event.latestVersion()).isNull();
    }

    @Test
    void theAnswerCarriesTheSamePatchAsTheRecordedEvent() {
        PodsAdmitted event = admitted(admit(false, "p1"));
        fixture.given(registered())
                .when(admit(false, "p1"))
                .expectResultMessagePayloadMatching(org.axonframework.test.matchers.Matchers.predicate(result ->
                        ((List<?>) result).get(0) instanceof AdmissionOutcome o
                                && o.patch().equals(event.admissions().get(0).outcome().patch())
                                && o.patch().toString().contains("pod-deletion-cost")));
    }

    @Test
    void aPodOfAnOlderVersionGetsTheReversedSubsetCost() {
        // the CloneSet's pods are not versioned by default (versionIgnored), so a recorded other latest version makes them old
        PodsAdmitted event = admitted(admitWithLatest("other", "p1"));

        assertThat(event.admissions().get(0).initialDeletionCost()).isEqualTo("100");
        assertThat(event.latestVersion()).isEqualTo("other");
    }

    @Test
    void theNextSyncWritesNoOtherCostForAnAdmittedPod() {
        PodsAdmitted event = admitted(admit(false, "p1", "p2", "p3"));
        JsonNode[] running = event.admissions().stream().map(a -> {
            ObjectNode pod = (ObjectNode) patched(a);
            pod.putObject("status").put("phase", "Running");
            return (JsonNode) pod;
        }).toArray(JsonNode[]::new);

        fixture.given(registered(), event)
                .when(sync(false, running))
                .expectEventsMatching(org.axonframework.test.matchers.Matchers.payloadsMatching(
                        org.axonframework.test.matchers.Matchers.exactSequenceOf(
                                org.axonframework.test.matchers.Matchers.predicate(e -> ((WorkloadSpreadSynced) e).mutations()
                                        .stream().noneMatch(m -> m.type().equals("SetPodDeletionCost"))),
                                org.axonframework.test.matchers.Matchers.andNoMore())));
    }

    private static WorkloadSpreadRegistered registeredHalfInZoneA() {
        ObjectNode half = spread("ws", 1);
        ((ObjectNode) half.path("spec").path("subsets").get(0)).put("maxReplicas", "50%");
        return new WorkloadSpreadRegistered(ID, "member1", KernelJson.identityAndSpec(half), T0, 0);
    }

    private static SyncWorkloadSpread syncWithTarget(int replicas, String resourceVersion, int second) {
        ObjectNode target = cloneSet(replicas);
        ((ObjectNode) target.get("metadata")).put("resourceVersion", resourceVersion);
        return new SyncWorkloadSpread(ID, ID + "@s" + second, T0.plusSeconds(second), "test", false, target, null,
                List.of(runningIn("p1", "zone-a")), List.of());
    }

    @Test
    void aSyncFromAnOlderVersionOfTheTargetKeepsTheNewerReplicas() {
        fixture.given(registeredHalfInZoneA())
                .andGivenCommands(syncWithTarget(20, "9", 5))
                .when(syncWithTarget(2, "5", 6))
                .expectEventsMatching(onlyASyncWith(20, false));
    }

    @Test
    void aSyncFromANewerVersionOfTheTargetTakesItsReplicas() {
        fixture.given(registeredHalfInZoneA())
                .andGivenCommands(syncWithTarget(20, "9", 5))
                .when(syncWithTarget(2, "12", 6))
                .expectEventsMatching(onlyASyncWith(2, true));
    }

    /** One recorded sync, made with a target of {@code replicas}, that changed the status or not. */
    private static org.hamcrest.Matcher<List<org.axonframework.messaging.Message<?>>> onlyASyncWith(
            int replicas, boolean statusChanged) {
        return org.axonframework.test.matchers.Matchers.payloadsMatching(org.axonframework.test.matchers.Matchers.exactSequenceOf(
                org.axonframework.test.matchers.Matchers.predicate(event -> event instanceof WorkloadSpreadSynced synced
                        && synced.inputs().path("workload").path("spec").path("replicas").asInt() == replicas
                        && synced.statusChanged() == statusChanged),
                org.axonframework.test.matchers.Matchers.andNoMore()));
    }
}
