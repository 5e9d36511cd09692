package io.meridian.projection.placements;

import io.meridian.projection.jdbc.ColumnArrays;
import io.meridian.schemas.DomainEvent;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The pod_placement table, moved by the WorkloadSpread domain events: a pod is placed by its admission, or by
 * its adoption when it came without a subset (fail open). Called inside the projector's transaction with the
 * events that are new to the store, in the order of the spread's events. Consecutive placements go to PostgreSQL
 * as one statement (an admission batch publishes about twenty), written before any other statement so the
 * order holds.
 */
@Repository
public class PlacementStore {
    private static final String SPREAD = "WorkloadSpread";
    private static final String DELETE_POD = "DeletePod";
    private static final int PLACEMENT_COLUMNS = 7;
    private static final Set<String> PLACING = Set.of("PodAdmitted", "PodAdopted");
    /** The placements as one statement, one text array per column (cast here): one upsert, not one per pod. */
    private static final String PLACE = """
            insert into pod_placement (cluster, namespace, pod, spread, subset, decision_id, since)
            select * from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[])
            on conflict (cluster, namespace, pod) do update set spread = excluded.spread, subset = excluded.subset,
                decision_id = excluded.decision_id, since = excluded.since,
                rescheduling_decision_id = null, rescheduling_since = null""";

    private final JdbcTemplate jdbc;

    public PlacementStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Applies the events in their order. */
    public void applyAll(List<DomainEvent> events) {
        List<String[]> placements = new ArrayList<>();
        for (DomainEvent event : events) {
            String[] id = spreadId(event);
            if (id == null) {
                continue;
            }
            if (PLACING.contains(event.type())) {
                String[] row = placement(id, event);
                if (row != null) {
                    placements.add(row);
                }
                continue;
            }
            place(placements);
            applyOther(id, event);
        }
        place(placements);
    }

    private static String[] spreadId(DomainEvent event) {
        if (!SPREAD.equals(event.aggregateType()) || event.payload() == null) {
            return null;
        }
        String[] id = event.aggregateId().split("/", 3);
        return id.length == 3 ? id : null;
    }

    private void applyOther(String[] id, DomainEvent event) {
        switch (event.type()) {
            case "PodDeletionRecorded" -> delete(id[0], id[1], event.payload().path("pod").asText(""));
            case "WorkloadSpreadSynced" -> rescheduled(id, event);
            case "WorkloadSpreadRemoved" -> jdbc.update("delete from pod_placement where cluster = ? and namespace = ? and spread = ?",
                    id[0], id[1], id[2]);
            default -> {
                // the other decisions move no pod
            }
        }
    }

    /**
     * Writes the placements gathered so far, and forgets them. A pod placed twice among them keeps its last placement,
     * as writing them one after the other would leave it (one statement may not upsert a row twice).
     */
    private void place(List<String[]> placements) {
        if (placements.isEmpty()) {
            return;
        }
        Map<String, String[]> lastPerPod = new LinkedHashMap<>();
        placements.forEach(row -> lastPerPod.put(row[0] + "/" + row[1] + "/" + row[2], row));
        jdbc.execute((ConnectionCallback<Integer>) connection -> {
            try (PreparedStatement upsert = connection.prepareStatement(PLACE)) {
                ColumnArrays.bind(connection, upsert, lastPerPod.values(), PLACEMENT_COLUMNS);
                return upsert.executeUpdate();
            }
        });
        placements.clear();
    }

    /** The row of a placement, or null when the event places no pod (admitted outside any subset, or denied). */
    private static String[] placement(String[] id, DomainEvent event) {
        String subset = event.payload().path("subset").asText("");
        String pod = event.payload().path("pod").asText("");
        if (subset.isEmpty() || pod.isEmpty() || "Deny".equals(event.payload().path("verdict").asText())) {
            return null;
        }
        return new String[] {id[0], id[1], pod, id[2], subset, event.decisionId(), event.occurredAt().toString()};
    }

    /** A sync that deletes pods to reschedule them: they stay placed until their deletion is recorded. */
    private void rescheduled(String[] id, DomainEvent event) {
        for (var mutation : event.payload().path("mutations")) {
            if (DELETE_POD.equals(mutation.path("type").asText()) && "Pod".equals(mutation.path("targetKind").asText("Pod"))) {
                jdbc.update("""
                        update pod_placement set rescheduling_decision_id = ?, rescheduling_since = ?
                        where cluster = ? and namespace = ? and pod = ? and spread = ?""",
                        event.decisionId(), Timestamp.from(event.occurredAt()), id[0], id[1],
                        mutation.path("targetName").asText(""), id[2]);
            }
        }
    }

    private void delete(String cluster, String namespace, String pod) {
        jdbc.update("delete from pod_placement where cluster = ? and namespace = ? and pod = ?", cluster, namespace, pod);
    }

    public SpreadPlacements of(String cluster, String namespace, String spread) {
        List<Placement> pods = jdbc.query("""
                select pod, subset, decision_id, since, rescheduling_decision_id, rescheduling_since
                from pod_placement where cluster = ? and namespace = ? and spread = ? order by subset, pod""",
                (rs, row) -> new Placement(rs.getString(1), rs.getString(2), rs.getString(3),
                        rs.getTimestamp(4).toInstant(), rs.getString(5),
                        rs.getTimestamp(6) == null ? null : rs.getTimestamp(6).toInstant()),
                cluster, namespace, spread);
        Map<String, SpreadPlacements.SubsetCount> subsets = new LinkedHashMap<>();
        jdbc.query("""
                select subset, placed, rescheduling from workloadspread_subset_pods
                where cluster = ? and namespace = ? and spread = ? order by subset""",
                rs -> {
                    subsets.put(rs.getString(1), new SpreadPlacements.SubsetCount(rs.getLong(2), rs.getLong(3)));
                }, cluster, namespace, spread);
        return new SpreadPlacements(cluster, namespace, spread, subsets, pods);
    }
}
