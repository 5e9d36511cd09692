package io.meridian.command.member;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which heartbeat and capacity reports would change nothing in their member's aggregate, so need no command (each
 * command is a unit of work and a transaction, three a second per member at the agents' default interval). A member
 * whose unreachable check this process armed ({@link MemberLeases}) is registered and Ready: its lease, renewed as the
 * report is read, is all a heartbeat does then, and a capacity report only when its zones are the ones this process
 * last recorded. A member declared Unreachable is no longer watched, so its next report is sent and makes it Ready.
 */
public final class UnchangedReports {
    private final MemberLeases leases;
    private final Map<String, JsonNode> recordedZones = new ConcurrentHashMap<>();

    public UnchangedReports(MemberLeases leases) {
        this.leases = leases;
    }

    public boolean heartbeatChangesNothing(String cluster, long unreachableAfterSeconds) {
        return leases.isWatched(cluster, unreachableAfterSeconds);
    }

    /** As a heartbeat, and the zones (when given) those of the last capacity recorded. */
    public boolean capacityChangesNothing(String cluster, JsonNode zones, long unreachableAfterSeconds) {
        return leases.isWatched(cluster, unreachableAfterSeconds)
                && (zones == null || zones.equals(recordedZones.get(cluster)));
    }

    /** The capacity command for {@code zones} succeeded: the aggregate holds them now. */
    public void capacityRecorded(String cluster, JsonNode zones) {
        if (zones != null) {
            recordedZones.put(cluster, zones);
        }
    }
}
