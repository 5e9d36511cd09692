package io.meridian.command.ws;

import static io.meridian.command.ws.Manifests.cloneSet;
import static io.meridian.command.ws.Manifests.json;
import static io.meridian.command.ws.Manifests.pod;
import static io.meridian.command.ws.Manifests.spread;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.ws.api.FailOpenPodsDecided;
import io.meridian.command.ws.api.PlannedMutation;
import io.meridian.command.ws.api.PodsAdopted;
import io.meridian.command.ws.api.SyncWorkloadSpread;
import io.meridian.command.ws.api.WorkloadSpreadRegistered;
import io.meridian.command.ws.api.WorkloadSpreadSynced;
import io.meridian.core.ws.MatchedWorkloadSpread;
import java.time.Instant;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.matchers.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pods that carry no subset (admitted unchanged while the webhook could not answer) are brought under the spread
 * by the sync: adopted into the subset their node matches while it has room, rescheduled (deleted) otherwise.
 * Spread: zone-a (maxReplicas 2) on nodes labelled zone=a, zone-b (unlimited) on zone=b.
 */
class WorkloadSpreadAdoptionTest {
    private static final String ID = "member1/ns/ws";
    private static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");
    private static final List<JsonNode> NODES = List.of(node("a-0", "a"), node("b-0", "b"));

    private AggregateTestFixture<WorkloadSpreadAggregate> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(WorkloadSpreadAggregate.class);
    }

    @Test
    void aFailOpenPodOnAFullSubsetsNodeIsRescheduledNotAdopted() {
        WorkloadSpreadSynced synced = syncOf(inSubset("p1", "zone-a", "a-0"), inSubset("p2", "zone-a", "a-0"),
                unplaced("p3", "a-0"));

        assertThat(podMutations(synced, "PatchPod")).isEmpty();
        assertThat(podMutations(synced, "DeletePod")).containsExactly("p3");
        assertThat(synced.mutations()).filteredOn(m -> m.type().equals("DeletePod")).singleElement()
                .satisfies(m -> assertThat(m.targetUid()).isEqualTo("uid-p3"));
        assertThat(synced.status().path("subsetStatuses").get(0).path("replicas").asInt()).isEqualTo(2);
    }

    @Test
    void aFailOpenPodIsAdoptedWhileItsSubsetHasRoom() {
        WorkloadSpreadSynced synced = syncOf(inSubset("p1", "zone-a", "a-0"), unplaced("p2", "a-0"));

        assertThat(podMutations(synced, "PatchPod")).containsExactly("p2");
        assertThat(podMutations(synced, "DeletePod")).isEmpty();
        assertThat(synced.status().path("subsetStatuses").get(0).path("replicas").asInt()).isEqualTo(2);
    }

    @Test
    void anAdoptionIsRecordedWithItsPodSubsetReasonAndOwnDomainSequence() {
        List<Object> events = eventsOf(List.of(registered()), inSubset("p1", "zone-a", "a-0"), unplaced("p2", "a-0"));
        PodsAdopted adopted = events.stream().filter(PodsAdopted.class::isInstance).map(PodsAdopted.class::cast)
                .findFirst().orElseThrow();
        WorkloadSpreadSynced synced = events.stream().filter(WorkloadSpreadSynced.class::isInstance)
                .map(WorkloadSpreadSynced.class::cast).findFirst().orElseThrow();

        assertThat(adopted.pods()).singleElement().satisfies(a -> {
            assertThat(a.pod()).isEqualTo("p2");
            assertThat(a.podUid()).isEqualTo("uid-p2");
            assertThat(a.subset()).isEqualTo("zone-a");
            assertThat(a.reason()).contains("adopted into zone-a");
        });
        assertThat(adopted.decisionId()).isEqualTo(synced.decisionId());
        assertThat(synced.domainSequence()).isEqualTo(adopted.pods().get(0).domainSequence() + 1);
    }

    @Test
    void aRescheduledFailOpenPodIsNoAdoption() {
        List<Object> events = eventsOf(List.of(registered()), inSubset("p1", "zone-a", "a-0"), inSubset("p2", "zone-a", "a-0"),
                unplaced("p3", "a-0"));

        assertThat(events).noneMatch(PodsAdopted.class::isInstance);
    }

    @Test
    void onlyThePodsBeyondTheRoomLeftAreRescheduledInNameOrder() {
        WorkloadSpreadSynced synced = syncOf(inSubset("p1", "zone-a", "a-0"), unplaced("p4", "a-0"),
                unplaced("p3", "a-0"), unplaced("p5", "b-0"));

        assertThat(podMutations(synced, "PatchPod")).containsExactlyInAnyOrder("p3", "p5");
        assertThat(podMutations(synced, "DeletePod")).containsExactly("p4");
        assertThat(synced.reason()).contains("1 with no room to adopt");
    }

    @Test
    void aPendingReservationTakesRoomFromAnAdoption() {
        ObjectNode status = (ObjectNode) json("""
                {'subsetStatuses':[{'name':'zone-a','replicas':1,'missingReplicas':0,
                  'creatingPods':{'p9':'2026-11-22T04:00:04Z'}},{'name':'zone-b','replicas':0,'missingReplicas':-1}]}""");
        WorkloadSpreadSynced synced = syncOf(List.of(registered(),
                        new WorkloadSpreadSynced(ID, "s0", "k", T0, "t", json("{}"), status, true,
                                List.of(), List.of(), null, null, "seed", 1)),
                inSubset("p1", "zone-a", "a-0"), unplaced("p2", "a-0"));

        assertThat(podMutations(synced, "DeletePod")).containsExactly("p2");
    }

    private WorkloadSpreadSynced syncOf(JsonNode... pods) {
        return syncOf(List.of(registered()), pods);
    }

    private WorkloadSpreadSynced syncOf(List<Object> given, JsonNode... pods) {
        return syncAt(T0.plusSeconds(5), given, pods);
    }

    private WorkloadSpreadSynced syncAt(Instant now, List<Object> given, JsonNode... pods) {
        return (WorkloadSpreadSynced) eventsAt(now, given, pods).stream().filter(WorkloadSpreadSynced.class::isInstance)
                .findFirst().orElseThrow();
    }

    private List<Object> eventsOf(List<Object> given, JsonNode... pods) {
        return eventsAt(T0.plusSeconds(5), given, pods);
    }

    /** The events one sync of {@code pods} at {@code now} records after {@code given}. */
    private List<Object> eventsAt(Instant now, List<Object> given, JsonNode... pods) {
        List<Object> events = new java.util.ArrayList<>();
        fixture.given(given)
                .when(new SyncWorkloadSpread(ID, ID + "@s" + given.size(), now, "test", false, cloneSet(6), null,
                        List.of(pods), NODES))
                .expectEventsMatching(Matchers.payloadsMatching(Matchers.predicate(list -> events.addAll((List<?>) list))));
        return events;
    }

    @Test
    void aLaterSyncKeepsToAnEarlierAdoptionWhoseFailOpenPodStillCarriesNoSubset() {
        // the first sync sees only p3 and adopts it into the last place of zone-a; its patch is not applied yet
        List<Object> first = eventsOf(List.of(registered()), inSubset("p1", "zone-a", "a-0"), unplaced("p3", "a-0"));
        assertThat(first).hasAtLeastOneElementOfType(FailOpenPodsDecided.class);
        List<Object> history = new java.util.ArrayList<>(List.of(registered()));
        history.addAll(first);

        // the next sees p2 too, which comes first by name: p3 keeps the place, p2 is rescheduled
        WorkloadSpreadSynced second = syncOf(history, inSubset("p1", "zone-a", "a-0"), unplaced("p2", "a-0"),
                unplaced("p3", "a-0"));

        assertThat(podMutations(second, "PatchPod")).isEmpty();
        assertThat(podMutations(second, "DeletePod")).containsExactly("p2");
        assertThat(second.status().path("subsetStatuses").get(0).path("replicas").asInt()).isEqualTo(2);
    }

    @Test
    void anAdoptionStillNotSeenDoneIsSentAgainAfterAWhileAndOnlyThen() {
        List<Object> history = new java.util.ArrayList<>(List.of(registered()));
        history.addAll(eventsOf(List.of(registered()), inSubset("p1", "zone-a", "a-0"), unplaced("p3", "a-0"),
                unplaced("p4", "a-0")));

        WorkloadSpreadSynced soon = syncAt(T0.plusSeconds(10), history, inSubset("p1", "zone-a", "a-0"),
                unplaced("p3", "a-0"), unplaced("p4", "a-0"));
        WorkloadSpreadSynced later = syncAt(T0.plusSeconds(5).plus(FailOpenPods.RESEND_AFTER), history,
                inSubset("p1", "zone-a", "a-0"), unplaced("p3", "a-0"), unplaced("p4", "a-0"));

        assertThat(podMutations(soon, "PatchPod")).isEmpty();
        assertThat(podMutations(soon, "DeletePod")).isEmpty();
        assertThat(podMutations(later, "PatchPod")).containsExactly("p3");
        assertThat(podMutations(later, "DeletePod")).containsExactly("p4");
    }

    @Test
    void aPodToRescheduleIsNeverAdoptedLaterEvenWhenRoomAppears() {
        List<Object> first = eventsOf(List.of(registered()), inSubset("p1", "zone-a", "a-0"), inSubset("p2", "zone-a", "a-0"),
                unplaced("p3", "a-0"));
        List<Object> history = new java.util.ArrayList<>(List.of(registered()));
        history.addAll(first);

        // p1 is gone: zone-a has room again, but p3 is already being deleted
        WorkloadSpreadSynced second = syncOf(history, inSubset("p2", "zone-a", "a-0"), unplaced("p3", "a-0"));

        assertThat(podMutations(second, "PatchPod")).isEmpty();
        assertThat(second.status().path("subsetStatuses").get(0).path("replicas").asInt()).isEqualTo(1);
    }

    private static WorkloadSpreadRegistered registered() {
        return new WorkloadSpreadRegistered(ID, "member1", KernelJson.identityAndSpec(spread("ws", 2)), T0, 0);
    }

    private static List<String> podMutations(WorkloadSpreadSynced synced, String type) {
        return synced.mutations().stream().filter(m -> m.type().equals(type)).map(PlannedMutation::targetName).toList();
    }

    private static JsonNode node(String name, String zone) {
        return json("{'apiVersion':'v1','kind':'Node','metadata':{'name':'%s','labels':{'zone':'%s'}}}".formatted(name, zone));
    }

    /** A running pod on {@code node} without the spread's annotation. */
    private static ObjectNode unplaced(String name, String node) {
        ObjectNode pod = pod(name);
        ((ObjectNode) pod.get("metadata")).put("uid", "uid-" + name);
        ((ObjectNode) pod.get("spec")).put("nodeName", node);
        pod.putObject("status").put("phase", "Running");
        return pod;
    }

    private static ObjectNode inSubset(String name, String subset, String node) {
        ObjectNode pod = unplaced(name, node);
        ((ObjectNode) pod.get("metadata")).putObject("annotations").put(MatchedWorkloadSpread.ANNOTATION,
                new MatchedWorkloadSpread("ws", subset, "").toAnnotationValue());
        return pod;
    }
}
