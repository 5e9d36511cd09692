package io.meridian.command.member;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which heartbeat and capacity reports would change nothing in their member's aggregate, so need no command (each
 * command is a unit of work and a transaction, two every 3 s per member at the agents' default interval). A member
 * whose lease this process watches ({@link MemberLeases}) is registered and Ready: its lease, renewed as the
 * report is read, is all a heartbeat does then, and a capacity report only when its zones are the ones this process
 * last recorded. A member declared Unreachable by this process is no longer watched, so its next report is sent and
 * makes it Ready again. One report of each kind is still sent per allowed silence: what this process cannot see (a
 * member declared Unreachable by another instance, a command whose unit of work rolled back after it started the watch)
 * is set right within one failover detection period.
 */
public final class UnchangedReports {
    private final MemberLeases leases;
    private final Map<String, Instant> heartbeatsSent = new ConcurrentHashMap<>();
    private final Map<String, Instant> capacitiesSent = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> recordedZones = new ConcurrentHashMap<>();

    public UnchangedReports(MemberLeases leases) {
        this.leases = leases;
    }

    public boolean heartbeatChangesNothing(String cluster, long unreachableAfterSeconds, Instant now) {
        return watchedAndSentWithin(heartbeatsSent, cluster, unreachableAfterSeconds, now);
    }

    /** The heartbeat command succeeded. */
    public void heartbeatSent(String cluster, Instant now) {
        heartbeatsSent.put(cluster, now);
    }

    /** As a heartbeat, and the zones (when given) those of the last capacity recorded. */
    public boolean capacityChangesNothing(String cluster, JsonNode zones, long unreachableAfterSeconds, Instant now) {
        return watchedAndSentWithin(capacitiesSent, cluster, unreachableAfterSeconds, now)
                && (zones == null || zones.equals(recordedZones.get(cluster)));
    }

    /** The capacity command for {@code zones} succeeded: the aggregate holds them now. */
    public void capacitySent(String cluster, JsonNode zones, Instant now) {
        capacitiesSent.put(cluster, now);
        if (zones != null) {
            recordedZones.put(cluster, zones);
        }
    }

    private boolean watchedAndSentWithin(Map<String, Instant> sent, String cluster, long seconds, Instant now) {
        Instant last = sent.get(cluster);
        return leases.isWatched(cluster, seconds) && last != null && now.isBefore(last.plus(Duration.ofSeconds(seconds)));
    }
}
