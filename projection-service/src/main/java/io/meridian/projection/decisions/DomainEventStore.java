package io.meridian.projection.decisions;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.schemas.DomainEvent;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** The domain_event table and the consumer offsets stored beside it. */
@Repository
public class DomainEventStore {
    private final JdbcTemplate jdbc;

    public DomainEventStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    private static final String INSERT = """
            insert into domain_event (event_id, aggregate_type, aggregate_id, sequence, type, occurred_at,
                                      decision_id, kernel_version, reason, payload)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, cast(? as jsonb))
            on conflict do nothing""";

    /**
     * Stores each event once (a redelivered event changes nothing), in one JDBC batch (one round trip instead of one per event); answers, in
     * their order, which were new.
     */
    public boolean[] insertAll(List<DomainEvent> events) {
        int[] counts = jdbc.batchUpdate(INSERT, events.stream().map(DomainEventStore::row).toList());
        boolean[] inserted = new boolean[counts.length];
        for (int i = 0; i < counts.length; i++) {
            inserted[i] = counts[i] == 1;
        }
        return inserted;
    }

    private static Object[] row(DomainEvent event) {
        return new Object[] {event.eventId(), event.aggregateType(), event.aggregateId(), event.sequence(), event.type(),
                Timestamp.from(event.occurredAt()), event.decisionId(), event.kernelVersion(), reasonOf(event.payload()),
                event.payload() == null ? null : event.payload().toString()};
    }

    public void storeOffset(String consumer, String topic, int partition, long nextOffset) {
        jdbc.update("""
                insert into projection_offset (consumer, topic, partition, next_offset) values (?, ?, ?, ?)
                on conflict (consumer, topic, partition) do update set next_offset = excluded.next_offset""",
                consumer, topic, partition, nextOffset);
    }

    /** The next offset per partition this consumer has made durable. */
    public Map<Integer, Long> offsets(String consumer, String topic) {
        Map<Integer, Long> offsets = new java.util.HashMap<>();
        jdbc.query("select partition, next_offset from projection_offset where consumer = ? and topic = ?",
                rs -> {
                    offsets.put(rs.getInt(1), rs.getLong(2));
                }, consumer, topic);
        return offsets;
    }

    public List<DecisionRecord> history(String aggregateType, String aggregateId) {
        return jdbc.query("""
                select sequence, type, occurred_at, decision_id, kernel_version, reason, payload::text
                from domain_event where aggregate_type = ? and aggregate_id = ? order by sequence""",
                (rs, row) -> new DecisionRecord(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant(),
                        rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7)),
                aggregateType, aggregateId);
    }

    private static String reasonOf(JsonNode payload) {
        return payload != null && payload.path("reason").isTextual() ? payload.get("reason").asText() : null;
    }
}
