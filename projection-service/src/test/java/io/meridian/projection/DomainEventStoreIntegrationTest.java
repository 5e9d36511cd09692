package io.meridian.projection;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.projection.decisions.DomainEventStore;
import io.meridian.schemas.DomainEvent;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/** Storing a poll's domain events: each once, whatever Kafka delivers twice; commits that do not wait for the disk. */
class DomainEventStoreIntegrationTest extends ProjectionIntegrationTest {
    private static final Instant T0 = Instant.parse("2026-11-24T07:10:19.742140957Z");
    @Autowired
    DomainEventStore store;
    @Autowired
    TransactionTemplate transactions;

    @Test
    void everyEventOfABatchIsStoredWithItsFields() {
        DomainEvent event = event("store-a", "e-1", 1);

        assertThat(store.insertAll(List.of(event, event("store-a", "e-2", 2)))).containsExactly(true, true);

        Map<String, Object> row = jdbc.queryForMap("select aggregate_type, sequence, type, occurred_at, decision_id,"
                + " kernel_version, reason, payload ->> 'subset' as subset from domain_event where event_id = 'e-1'");
        assertThat(row).containsEntry("aggregate_type", "WorkloadSpread").containsEntry("sequence", 1L)
                .containsEntry("type", "PodAdmitted").containsEntry("decision_id", "d-e-1")
                .containsEntry("kernel_version", "0.1.0").containsEntry("reason", "chose ack").containsEntry("subset", "ack");
        assertThat(((Timestamp) row.get("occurred_at")).toInstant()).isEqualTo(Instant.parse("2026-11-24T07:10:19.742141Z"));
    }

    @Test
    void aRedeliveredEventIsNotNewAgain() {
        store.insertAll(List.of(event("store-b", "e-3", 1)));

        assertThat(store.insertAll(List.of(event("store-b", "e-3", 1), event("store-b", "e-4", 2))))
                .containsExactly(false, true);
    }

    @Test
    void ofTwoCopiesOfAnEventInOneBatchTheFirstIsNew() {
        DomainEvent event = event("store-c", "e-5", 1);

        assertThat(store.insertAll(List.of(event, event))).containsExactly(true, false);
        assertThat(jdbc.queryForObject("select count(*) from domain_event where event_id = 'e-5'", Long.class)).isEqualTo(1);
    }

    @Test
    void anEventWhoseSequenceIsTakenIsNotNew() {
        store.insertAll(List.of(event("store-d", "e-6", 1)));

        assertThat(store.insertAll(List.of(event("store-d", "e-7", 1)))).containsExactly(false);
    }

    @Test
    void eventsAreToldApartByTheirAggregateAndSequenceWithoutAnIndexOnTheirIds() {
        List<String> indexed = jdbc.queryForList("""
                select indexdef from pg_indexes where tablename = 'domain_event' and indexdef like '%(event_id)%'""",
                String.class);

        assertThat(indexed).isEmpty();
        assertThat(jdbc.queryForList("select indexdef from pg_indexes where tablename = 'domain_event'", String.class))
                .anyMatch(definition -> definition.startsWith("CREATE UNIQUE INDEX")
                        && definition.contains("(aggregate_type, aggregate_id, sequence)"));
    }

    @Test
    void aTransactionToldNotToWaitForTheDiskCommitsWithoutWaitingAndTheNextWaitsAgain() {
        String during = transactions.execute(status -> {
            store.commitWithoutWaitingForTheDisk();
            return jdbc.queryForObject("show synchronous_commit", String.class);
        });

        String after = transactions.execute(status -> jdbc.queryForObject("show synchronous_commit", String.class));

        assertThat(during).isEqualTo("off");
        assertThat(after).isEqualTo("on");
    }

    @Test
    void valuesHoldingTabsNewlinesAndBackslashesAreStoredAsGiven() {
        String reason = "line one\nline two\r\n\tindented, a back\\slash and \\N";
        DomainEvent event = new DomainEvent(DomainEvent.SCHEMA_VERSION, "e-10", "WorkloadSpread", "member1/shop/store-e",
                1, "PodAdmitted", T0, "d-e-10", "0.1.0", JsonNodeFactory.instance.objectNode().put("reason", reason)
                        .put("annotation", "{\"name\":\"ws\"}"));

        assertThat(store.insertAll(List.of(event))).containsExactly(true);

        Map<String, Object> row = jdbc.queryForMap("select reason, payload ->> 'reason' as in_payload,"
                + " payload ->> 'annotation' as annotation from domain_event where event_id = 'e-10'");
        assertThat(row).containsEntry("reason", reason).containsEntry("in_payload", reason)
                .containsEntry("annotation", "{\"name\":\"ws\"}");
    }

    @Test
    void anEventWithoutDecisionReasonOrPayloadIsStoredWithNulls() {
        DomainEvent event = new DomainEvent(DomainEvent.SCHEMA_VERSION, "e-11", "MemberCluster", "member-9", 1,
                "MemberClusterReady", T0, null, "0.1.0", null);

        assertThat(store.insertAll(List.of(event))).containsExactly(true);

        Map<String, Object> row = jdbc.queryForMap(
                "select decision_id, reason, payload from domain_event where event_id = 'e-11'");
        assertThat(row).containsEntry("decision_id", null).containsEntry("reason", null).containsEntry("payload", null);
    }

    @Test
    void aRedeliveredEventInsideATransactionLeavesTheTransactionToGoOn() {
        store.insertAll(List.of(event("store-f", "e-12", 1)));

        boolean[] inserted = transactions.execute(status -> {
            boolean[] result = store.insertAll(List.of(event("store-f", "e-12", 1), event("store-f", "e-13", 2)));
            store.storeOffset("store-f-test", "topic", 0, 7);
            return result;
        });

        assertThat(inserted).containsExactly(false, true);
        assertThat(jdbc.queryForObject("select count(*) from domain_event where aggregate_id = 'member1/shop/store-f'",
                Long.class)).isEqualTo(2);
        assertThat(store.offsets("store-f-test", "topic")).containsEntry(0, 7L);
    }

    @Test
    void anEmptyBatchStoresNothing() {
        assertThat(store.insertAll(List.of())).isEmpty();
    }

    private static DomainEvent event(String spread, String eventId, long sequence) {
        return new DomainEvent(DomainEvent.SCHEMA_VERSION, eventId, "WorkloadSpread", "member1/shop/" + spread, sequence,
                "PodAdmitted", T0, "d-" + eventId, "0.1.0",
                JsonNodeFactory.instance.objectNode().put("reason", "chose ack").put("subset", "ack"));
    }
}
