package io.meridian.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.projection.placements.PlacementStore;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.DomainEvent;
import io.meridian.schemas.MessageCodec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The current placement of every pod of a spread, kept from the domain events as the command-service publishes
 * them, read through the placements API and the dashboards' view.
 */
class PlacementsIntegrationTest extends ProjectionIntegrationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-11-22T06:00:00Z");
    private final AtomicLong sequence = new AtomicLong();
    @Autowired
    PlacementStore placements;
    @Autowired
    TransactionTemplate transactions;

    @Test
    void admittedPodsArePlacedInTheirSubsets() throws Exception {
        String spread = "member1/shop/ws-a";
        send(admitted(spread, "web-1", "ack"));
        send(admitted(spread, "web-2", "ack"));
        send(admitted(spread, "web-3", "eci"));

        JsonNode placements = awaitPlacements("/api/workloadspreads/member1/shop/ws-a/placements", 3);

        assertThat(placements.path("subsets").path("ack").path("placed").asInt()).isEqualTo(2);
        assertThat(placements.path("subsets").path("eci").path("placed").asInt()).isEqualTo(1);
        JsonNode web3 = pod(placements, "web-3");
        assertThat(web3.path("subset").asText()).isEqualTo("eci");
        assertThat(web3.path("decisionId").asText()).isEqualTo("d-web-3");
        assertThat(Instant.parse(web3.path("since").asText())).isAfter(T0);
    }

    @Test
    void aRecordedDeletionRemovesThePod() throws Exception {
        String spread = "member1/shop/ws-b";
        send(admitted(spread, "api-1", "ack"));
        send(admitted(spread, "api-2", "ack"));
        send(event(spread, "PodDeletionRecorded", "d-del", payload("pod deleted").put("operation", "DELETE").put("pod", "api-1")));

        JsonNode placements = awaitPlacements("/api/workloadspreads/member1/shop/ws-b/placements", 1);

        assertThat(placements.path("pods").get(0).path("pod").asText()).isEqualTo("api-2");
        assertThat(placements.path("subsets").path("ack").path("placed").asInt()).isEqualTo(1);
    }

    @Test
    void aPodDeletedToRescheduleItIsMarkedUntilItsDeletionAndItsReplacementIsPlaced() throws Exception {
        String spread = "member1/shop/ws-c";
        send(admitted(spread, "job-1", "ack"));
        ObjectNode sync = payload("ack unschedulable for 30 s: reschedule job-1");
        sync.putArray("mutations").addObject().put("index", 0).put("type", "DeletePod").put("targetApiVersion", "v1")
                .put("targetKind", "Pod").put("targetName", "job-1").put("targetUid", "uid-job-1");
        send(event(spread, "WorkloadSpreadSynced", "d-resched", sync));

        await().atMost(Duration.ofSeconds(30)).until(() -> pod(placements("/api/workloadspreads/member1/shop/ws-c/placements"),
                "job-1").path("reschedulingDecisionId").asText().equals("d-resched"));
        assertThat(subsetCounts("member1", "shop", "ws-c")).containsExactlyEntriesOf(Map.of("ack", "0/1"));

        send(event(spread, "PodDeletionRecorded", "d-gone", payload("deleted").put("operation", "DELETE").put("pod", "job-1")));
        send(admitted(spread, "job-2", "eci"));

        JsonNode after = awaitPlacements("/api/workloadspreads/member1/shop/ws-c/placements", 1);
        assertThat(pod(after, "job-2").path("subset").asText()).isEqualTo("eci");
        assertThat(subsetCounts("member1", "shop", "ws-c")).containsExactlyEntriesOf(Map.of("eci", "1/0"));
    }

    @Test
    void aRedeliveredAdmissionDoesNotBringBackADeletedPod() throws Exception {
        String spread = "member1/shop/ws-d";
        String admission = admitted(spread, "db-1", "ack");
        send(admission);
        send(event(spread, "PodDeletionRecorded", "d-del", payload("deleted").put("operation", "DELETE").put("pod", "db-1")));
        send(admission);
        send(admitted(spread, "db-2", "ack"));

        JsonNode placements = awaitPlacements("/api/workloadspreads/member1/shop/ws-d/placements", 1);

        assertThat(placements.path("pods").get(0).path("pod").asText()).isEqualTo("db-2");
    }

    @Test
    void aRemovedSpreadHasNoPlacementsLeft() throws Exception {
        String spread = "member1/shop/ws-e";
        send(admitted(spread, "q-1", "ack"));
        awaitPlacements("/api/workloadspreads/member1/shop/ws-e/placements", 1);

        send(event(spread, "WorkloadSpreadRemoved", null, payload("removed")));

        awaitPlacements("/api/workloadspreads/member1/shop/ws-e/placements", 0);
    }

    @Test
    void aPodAdoptedAfterFailOpenIsPlacedByTheAdoptionWithItsDecisionAndReason() throws Exception {
        String spread = "member1/shop/ws-f";
        send(admitted(spread, "w-1", "ack"));
        ObjectNode adoption = payload("ws-f: pod had no subset (admitted without a decision, or created before the spread); "
                + "adopted into eci, which has room").put("subset", "eci").put("pod", "w-2").put("podUid", "uid-w-2");
        send(event(spread, "PodAdopted", "d-sync-7", adoption));

        JsonNode placements = awaitPlacements("/api/workloadspreads/member1/shop/ws-f/placements", 2);

        assertThat(pod(placements, "w-2").path("subset").asText()).isEqualTo("eci");
        assertThat(pod(placements, "w-2").path("decisionId").asText()).isEqualTo("d-sync-7");
        assertThat(subsetCounts("member1", "shop", "ws-f")).isEqualTo(Map.of("ack", "1/0", "eci", "1/0"));
        assertThat(get("/api/workloadspreads/member1/shop/ws-f/history")).contains("d-sync-7").contains("adopted into eci");
    }

    @Test
    void theEventsOfOnePollMoveThePodsInTheirOrderThoughPlacementsAreWrittenInBatches() {
        String spread = "member1/shop/ws-g";
        List<DomainEvent> poll = List.of(
                decode(admitted(spread, "g-1", "ack")),
                decode(admitted(spread, "g-2", "ack")),
                decode(event(spread, "PodDeletionRecorded", "d-del", payload("deleted").put("operation", "DELETE").put("pod", "g-1"))),
                decode(admitted(spread, "g-3", "eci")),
                decode(admitted(spread, "g-1", "eci")),
                decode(event(spread, "PodDeletionRecorded", "d-del-2", payload("deleted").put("operation", "DELETE").put("pod", "g-2"))));

        transactions.executeWithoutResult(status -> placements.applyAll(poll));

        assertThat(subsetCounts("member1", "shop", "ws-g")).isEqualTo(Map.of("eci", "2/0"));
        assertThat(jdbc.queryForList("select pod from pod_placement where spread = 'ws-g' order by pod", String.class))
                .containsExactly("g-1", "g-3");
    }

    @Test
    void aPodPlacedTwiceInOneBatchKeepsItsLastPlacement() {
        String spread = "member1/shop/ws-h";
        List<DomainEvent> poll = List.of(
                decode(admitted(spread, "h-1", "ack")),
                decode(admitted(spread, "h-2", "ack")),
                decode(admitted(spread, "h-1", "eci")));

        transactions.executeWithoutResult(status -> placements.applyAll(poll));

        assertThat(jdbc.queryForList("select pod || ':' || subset || ':' || decision_id from pod_placement"
                + " where spread = 'ws-h' order by pod", String.class)).containsExactly("h-1:eci:d-h-1", "h-2:ack:d-h-2");
        assertThat(jdbc.queryForObject("select since from pod_placement where spread = 'ws-h' and pod = 'h-1'",
                java.sql.Timestamp.class).toInstant()).isEqualTo(poll.get(2).occurredAt());
    }

    // ------------------------------------------------------------------------------------------ fixtures

    private static DomainEvent decode(String event) {
        return ((Decoded.Accepted<DomainEvent>) MessageCodec.DOMAIN_EVENT.decode(event)).message();
    }

    private String admitted(String spread, String pod, String subset) {
        ObjectNode payload = payload("chose " + subset).put("verdict", "Patch").put("subset", subset).put("pod", pod);
        return event(spread, "PodAdmitted", "d-" + pod, payload);
    }

    private String event(String spread, String type, String decisionId, ObjectNode payload) {
        long n = sequence.incrementAndGet();
        return MessageCodec.DOMAIN_EVENT.encode(new DomainEvent(1, spread + "#" + type + "#" + n, "WorkloadSpread", spread, n,
                type, T0.plusSeconds(n), decisionId, "0.1.0", payload));
    }

    private static ObjectNode payload(String reason) {
        return JsonNodeFactory.instance.objectNode().put("reason", reason);
    }

    private void send(String event) throws Exception {
        publish(JSON.readTree(event).path("aggregateId").asText(), event);
    }

    private JsonNode awaitPlacements(String path, int pods) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> placements(path), p -> p.path("pods").size() == pods);
    }

    private JsonNode placements(String path) throws Exception {
        return JSON.readTree(get(path));
    }

    private static JsonNode pod(JsonNode placements, String name) {
        for (JsonNode pod : placements.path("pods")) {
            if (pod.path("pod").asText().equals(name)) {
                return pod;
            }
        }
        throw new AssertionError("no pod " + name + " in " + placements);
    }

    /** The dashboards' view: {@code placed/rescheduling} per subset. */
    private Map<String, String> subsetCounts(String cluster, String namespace, String spread) {
        Map<String, String> counts = new java.util.TreeMap<>();
        jdbc.query("select subset, placed, rescheduling from workloadspread_subset_pods where cluster = ? and namespace = ? "
                + "and spread = ?", rs -> {
                    counts.put(rs.getString(1), rs.getLong(2) + "/" + rs.getLong(3));
                }, cluster, namespace, spread);
        return counts;
    }
}
