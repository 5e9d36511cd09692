package io.meridian.projection.placements;

import io.meridian.schemas.DomainEvent;
import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The pod_placement table, moved by the WorkloadSpread domain events: a pod is placed by its admission, or by
 * its adoption when it came without a subset (fail open). Called inside the projector's transaction,
 * once per event that is new to the store, in the order of the spread's events.
 */
@Repository
public class PlacementStore {
    private static final String SPREAD = "WorkloadSpread";
    private static final String DELETE_POD = "DeletePod";

    private final JdbcTemplate jdbc;

    public PlacementStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void apply(DomainEvent event) {
        if (!SPREAD.equals(event.aggregateType()) || event.payload() == null) {
            return;
        }
        String[] id = event.aggregateId().split("/", 3);
        if (id.length != 3) {
            return;
        }
        switch (event.type()) {
            case "PodAdmitted", "PodAdopted" -> placed(id, event);
            case "PodDeletionRecorded" -> delete(id[0], id[1], event.payload().path("pod").asText(""));
            case "WorkloadSpreadSynced" -> rescheduled(id, event);
            case "WorkloadSpreadRemoved" -> jdbc.update("delete from pod_placement where cluster = ? and namespace = ? and spread = ?",
                    id[0], id[1], id[2]);
            default -> {
                // the other decisions move no pod
            }
        }
    }

    private void placed(String[] id, DomainEvent event) {
        String subset = event.payload().path("subset").asText("");
        String pod = event.payload().path("pod").asText("");
        if (subset.isEmpty() || pod.isEmpty() || "Deny".equals(event.payload().path("verdict").asText())) {
            return; // admitted outside any subset, or not at all
        }
        jdbc.update("""
                insert into pod_placement (cluster, namespace, pod, spread, subset, decision_id, since)
                values (?, ?, ?, ?, ?, ?, ?)
                on conflict (cluster, namespace, pod) do update set spread = excluded.spread, subset = excluded.subset,
                    decision_id = excluded.decision_id, since = excluded.since,
                    rescheduling_decision_id = null, rescheduling_since = null""",
                id[0], id[1], pod, id[2], subset, event.decisionId(), Timestamp.from(event.occurredAt()));
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
