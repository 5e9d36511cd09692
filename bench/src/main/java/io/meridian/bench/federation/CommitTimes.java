package io.meridian.bench.federation;

import io.meridian.standalone.StandaloneRuntime;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.HashMap;
import java.util.Map;

/**
 * When the event store's transactions committed: PostgreSQL keeps each transaction's commit time
 * ({@code track_commit_timestamp}, on in the embedded server), so the time between an event being applied and being
 * committed can be told apart from the time between its commit and its publication.
 */
final class CommitTimes {
    private final StandaloneRuntime runtime;
    private final long afterGlobalIndex;

    private CommitTimes(StandaloneRuntime runtime, long afterGlobalIndex) {
        this.runtime = runtime;
        this.afterGlobalIndex = afterGlobalIndex;
    }

    /** Remembers the event store's head: only events appended later are looked at. */
    static CommitTimes from(StandaloneRuntime runtime) {
        try (Connection c = connection(runtime); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("select coalesce(max(globalindex), 0) from domainevententry")) {
            rs.next();
            return new CommitTimes(runtime, rs.getLong(1));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the event store's head: " + e.getMessage(), e);
        }
    }

    /**
     * Per aggregate (the last segment of its id), when its first event of the given type appended since
     * {@link #from} committed, in epoch milliseconds; empty when the server does not track commit times.
     */
    Map<String, Long> firstCommitOf(String eventType) {
        String sql = "select aggregateidentifier, pg_xact_commit_timestamp(xmin) from domainevententry"
                + " where globalindex > ? and payloadtype like ? order by globalindex";
        Map<String, Long> committed = new HashMap<>();
        try (Connection c = connection(runtime); PreparedStatement st = c.prepareStatement(sql)) {
            st.setLong(1, afterGlobalIndex);
            st.setString(2, "%." + eventType);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    Timestamp at = rs.getTimestamp(2);
                    String id = rs.getString(1);
                    if (at != null) {
                        committed.putIfAbsent(id.substring(id.lastIndexOf('/') + 1), at.getTime());
                    }
                }
            }
            return committed;
        } catch (SQLException e) {
            return Map.of();
        }
    }

    private static Connection connection(StandaloneRuntime runtime) throws SQLException {
        return runtime.postgres().dataSource(StandaloneRuntime.COMMAND_DATABASE).getConnection();
    }
}
