package io.meridian.command.member;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When each member cluster last reported, as its reports say, and which members this process watches (those its
 * member aggregates saw Ready), with the silence each may keep. A member's lease is renewed as soon as its report is
 * read, ahead of the report's command, so a queue of reports waiting on the event store cannot make a live member
 * look silent. {@link LeaseWatch} looks for the watched leases that ended. Both are observations, not decisions:
 * after a restart they start empty, and the newest report of every member, replayed once the cluster events are
 * caught up, makes it watched again (from that report's time, so a member silent across the restart is declared
 * Unreachable as soon as the watch looks).
 */
public final class MemberLeases {
    private final ConcurrentHashMap<String, Instant> renewed = new ConcurrentHashMap<>();
    /** Per watched member, the silence its armed check allows (seconds). */
    private final ConcurrentHashMap<String, Long> watched = new ConcurrentHashMap<>();

    /** {@code cluster} reported at {@code at}; an older report never moves the lease back. */
    public void renew(String cluster, Instant at) {
        renewed.merge(cluster, at, (was, now) -> now.isAfter(was) ? now : was);
    }

    public Optional<Instant> renewedAt(String cluster) {
        return Optional.ofNullable(renewed.get(cluster));
    }

    /**
     * Watches {@code cluster} with the silence it may keep; whether it was not watched with that silence before (true
     * once until {@link #stopWatching}, and again when a new {@code failover.unreachableSeconds} takes effect).
     */
    boolean startWatching(String cluster, long unreachableAfterSeconds) {
        Long was = watched.put(cluster, unreachableAfterSeconds);
        return was == null || was != unreachableAfterSeconds;
    }

    /** Whether this process armed a check for {@code cluster} that allows {@code unreachableAfterSeconds}. */
    public boolean isWatched(String cluster, long unreachableAfterSeconds) {
        Long allowed = watched.get(cluster);
        return allowed != null && allowed == unreachableAfterSeconds;
    }

    void stopWatching(String cluster) {
        watched.remove(cluster);
    }

    /** The watched members whose lease ended at or before {@code now}. */
    List<Lapsed> lapsed(Instant now) {
        List<Lapsed> lapsed = new ArrayList<>();
        watched.forEach((cluster, allowed) -> {
            Instant last = renewed.get(cluster);
            if (last != null && !now.isBefore(last.plusSeconds(allowed))) {
                lapsed.add(new Lapsed(cluster, last, allowed));
            }
        });
        return lapsed;
    }

    /** A watched member silent since {@code lastReport} for at least {@code allowedSeconds}. */
    record Lapsed(String cluster, Instant lastReport, long allowedSeconds) {
    }
}
