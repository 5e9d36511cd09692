package io.meridian.command.member;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When each member cluster last reported, as its reports say, and which members have an unreachable check
 * armed by this process. A member's lease is renewed as soon as its report is read, ahead of the report's
 * command, so a queue of reports waiting on the event store cannot make a live member look silent; and a
 * report only arms a check when none is armed (or the allowed silence changed), so a heartbeat costs no deadline-store writes. Both are
 * observations, not decisions: after a restart they start empty and the first report arms a check again.
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
     * Whether a check must be armed for {@code cluster}: true once until {@link #stopWatching}, and again when
     * the allowed silence changed (a new {@code failover.unreachableSeconds} takes effect at once).
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
}
