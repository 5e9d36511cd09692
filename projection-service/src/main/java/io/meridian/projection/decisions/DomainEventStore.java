package io.meridian.projection.decisions;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.projection.jdbc.ColumnArrays;
import io.meridian.projection.jdbc.CopyText;
import io.meridian.schemas.DomainEvent;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.postgresql.PGConnection;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** The domain_event table and the consumer offsets stored beside it. */
@Repository
public class DomainEventStore {
    private final JdbcTemplate jdbc;

    public DomainEventStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    private static final int COLUMNS = 10;
    private static final String UNIQUE_VIOLATION = "23505";
    private static final String COPY = """
            copy domain_event (event_id, aggregate_type, aggregate_id, sequence, type, occurred_at, decision_id,
                               kernel_version, reason, payload) from stdin""";
    /** The batch as one statement ({@link ColumnArrays}). */
    private static final String INSERT = """
            insert into domain_event (event_id, aggregate_type, aggregate_id, sequence, type, occurred_at,
                                      decision_id, kernel_version, reason, payload)
            select * from unnest(?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::timestamptz[],
                                 ?::text[], ?::text[], ?::text[], ?::jsonb[])
            on conflict do nothing
            returning event_id""";

    /**
     * Stores each event once (a redelivered event changes nothing); answers, in their order, which were new. Of two
     * copies of one event in the batch, the first is the new one. A batch is copied in whole first (COPY): a poll of
     * 500 admissions is stored in about a seventh less time than through the statement that skips stored events
     * (ProjectionInsertBenchmark, docs/benchmarks.md, Issue 3, session 53), and a batch holds a stored event only
     * after a redelivery, when it goes through that statement instead.
     */
    public boolean[] insertAll(List<DomainEvent> events) {
        if (events.isEmpty()) {
            return new boolean[0];
        }
        if (copiedWhole(events)) {
            boolean[] inserted = new boolean[events.size()];
            Arrays.fill(inserted, true);
            return inserted;
        }
        return insertSkippingStored(events);
    }

    /**
     * The events in one statement that skips those already stored; answers, in their order, which were new. The path
     * of a batch that holds a redelivered event, public for the benchmark that compares it with the copy.
     */
    public boolean[] insertSkippingStored(List<DomainEvent> events) {
        if (events.isEmpty()) {
            return new boolean[0];
        }
        Set<String> stored = new HashSet<>(jdbc.execute((ConnectionCallback<List<String>>) connection -> {
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                ColumnArrays.bind(connection, insert, events.stream().map(DomainEventStore::row).toList(), COLUMNS);
                return storedIds(insert);
            }
        }));
        boolean[] inserted = new boolean[events.size()];
        for (int i = 0; i < inserted.length; i++) {
            inserted[i] = stored.remove(events.get(i).eventId());
        }
        return inserted;
    }

    /**
     * Copies every event in, or none when one of them is stored already or comes twice (the copy's other failures are
     * thrown on). Inside a transaction a failed copy is undone to a savepoint, so that the transaction goes on.
     */
    private boolean copiedWhole(List<DomainEvent> events) {
        return Boolean.TRUE.equals(jdbc.execute((ConnectionCallback<Boolean>) connection -> {
            Savepoint beforeCopy = connection.getAutoCommit() ? null : connection.setSavepoint();
            try {
                connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY, CopyText.rows(events.stream()
                        .map(DomainEventStore::row).toList()));
                release(connection, beforeCopy);
                return true;
            } catch (SQLException | IOException failure) {
                undo(connection, beforeCopy);
                if (failure instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
                    return false;
                }
                throw failure instanceof SQLException sql ? sql : new SQLException("copying domain events", failure);
            }
        }));
    }

    private static void release(Connection connection, Savepoint savepoint) throws SQLException {
        if (savepoint != null) {
            connection.releaseSavepoint(savepoint);
        }
    }

    private static void undo(Connection connection, Savepoint savepoint) throws SQLException {
        if (savepoint != null) {
            connection.rollback(savepoint);
        }
    }

    private static String[] row(DomainEvent event) {
        return new String[] {event.eventId(), event.aggregateType(), event.aggregateId(), Long.toString(event.sequence()),
                event.type(), event.occurredAt().toString(), event.decisionId(), event.kernelVersion(),
                reasonOf(event.payload()), event.payload() == null ? null : event.payload().toString()};
    }

    private static List<String> storedIds(PreparedStatement insert) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (ResultSet rows = insert.executeQuery()) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    /**
     * The current transaction's commit returns before its WAL reaches the disk; a crash may lose it as a whole, never
     * part of it.
     */
    public void commitWithoutWaitingForTheDisk() {
        jdbc.execute("set local synchronous_commit to off");
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
