package io.meridian.command.member;

import io.meridian.command.member.api.DeclareMemberUnreachable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Looks for the watched members whose lease ended ({@link MemberLeases}) and declares each Unreachable. It runs in
 * memory, a look every {@link #LOOK_EVERY}, so a lease renewed by every report costs nothing stored; the member
 * aggregate's persisted check only backs it up across a restart. A declaration that fails (its unit of work rolled
 * back) watches the member again and is tried again after a back-off that doubles up to {@link #MAX_BACKOFF}.
 */
public final class LeaseWatch {
    public static final Duration LOOK_EVERY = Duration.ofMillis(250);
    static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final Logger log = LoggerFactory.getLogger(LeaseWatch.class);

    private final MemberLeases leases;
    private final Consumer<DeclareMemberUnreachable> declare;
    private final Clock clock;
    private final Map<String, Retry> retries = new ConcurrentHashMap<>();

    private record Retry(Instant at, Duration backoff) {
    }

    /** @param declare sends the command and returns once it is handled (throws when it failed) */
    public LeaseWatch(MemberLeases leases, Consumer<DeclareMemberUnreachable> declare, Clock clock) {
        this.leases = leases;
        this.declare = declare;
        this.clock = clock;
    }

    /** One look: every lease that ended and is not waiting for a retry is declared. */
    public void look() {
        Instant now = clock.instant();
        for (MemberLeases.Lapsed lapsed : leases.lapsed(now)) {
            if (!waitingToRetry(lapsed.cluster(), now)) {
                declare(lapsed, now);
            }
        }
    }

    private boolean waitingToRetry(String cluster, Instant now) {
        Retry retry = retries.get(cluster);
        return retry != null && now.isBefore(retry.at());
    }

    private void declare(MemberLeases.Lapsed lapsed, Instant now) {
        MDC.put("cluster", lapsed.cluster());
        try {
            declare.accept(new DeclareMemberUnreachable(lapsed.cluster(), lapsed.lastReport()));
            retries.remove(lapsed.cluster());
        } catch (AggregateNotFoundException e) {
            leases.stopWatching(lapsed.cluster());
            retries.remove(lapsed.cluster());
        } catch (RuntimeException e) {
            leases.startWatching(lapsed.cluster(), lapsed.allowedSeconds());
            Duration backoff = nextBackoff(lapsed.cluster());
            retries.put(lapsed.cluster(), new Retry(now.plus(backoff), backoff));
            log.warn("member {} silent since {}: declaring it Unreachable failed, trying again in {} ms: {}",
                    lapsed.cluster(), lapsed.lastReport(), backoff.toMillis(), e.toString());
        } finally {
            MDC.remove("cluster");
        }
    }

    private Duration nextBackoff(String cluster) {
        Retry last = retries.get(cluster);
        if (last == null) {
            return FIRST_BACKOFF;
        }
        Duration doubled = last.backoff().multipliedBy(2);
        return doubled.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : doubled;
    }
}
