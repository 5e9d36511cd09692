package io.meridian.command.member;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.member.api.DeclareMemberUnreachable;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;

class LeaseWatchTest {
    static final Instant T0 = Instant.parse("2026-11-28T21:00:00Z");
    final MutableClock clock = MutableClock.of(T0, ZoneOffset.UTC);
    final MemberLeases leases = new MemberLeases();
    final List<DeclareMemberUnreachable> declared = new ArrayList<>();
    RuntimeException failure;
    final LeaseWatch watch = new LeaseWatch(leases, this::declare, clock);

    private void declare(DeclareMemberUnreachable command) {
        declared.add(command);
        if (failure != null) {
            leases.stopWatching(command.cluster()); // as the handler does, before its unit of work rolls back
            throw failure;
        }
    }

    private void watched(String cluster, Instant lastReport, long allowedSeconds) {
        leases.renew(cluster, lastReport);
        leases.startWatching(cluster, allowedSeconds);
    }

    @Test
    void aWatchedLeaseThatEndedIsDeclaredUnreachableFromItsLastReport() {
        watched("member1", T0, 30);
        clock.add(Duration.ofSeconds(30));

        watch.look();

        assertThat(declared).containsExactly(new DeclareMemberUnreachable("member1", T0));
    }

    @Test
    void aLeaseStillRunningIsNotDeclared() {
        watched("member1", T0, 30);
        clock.add(Duration.ofMillis(29_999));

        watch.look();

        assertThat(declared).isEmpty();
    }

    @Test
    void aReportRenewsTheLease() {
        watched("member1", T0, 30);
        leases.renew("member1", T0.plusSeconds(20));
        clock.add(Duration.ofSeconds(45));

        watch.look();

        assertThat(declared).isEmpty();
    }

    @Test
    void aMemberNotWatchedIsNotDeclared() {
        leases.renew("member1", T0);
        clock.add(Duration.ofSeconds(60));

        watch.look();

        assertThat(declared).isEmpty();
    }

    @Test
    void eachMemberHasItsOwnAllowedSilence() {
        watched("member1", T0, 10);
        watched("member2", T0, 30);
        clock.add(Duration.ofSeconds(10));

        watch.look();

        assertThat(declared).containsExactly(new DeclareMemberUnreachable("member1", T0));
    }

    @Test
    void aFailedDeclarationWatchesTheMemberAgain() {
        watched("member1", T0, 30);
        failure = new IllegalStateException("rolled back");
        clock.add(Duration.ofSeconds(30));

        watch.look();

        assertThat(leases.isWatched("member1", 30)).isTrue();
    }

    @Test
    void aFailedDeclarationIsTriedAgainAfterABackoffThatDoubles() {
        watched("member1", T0, 30);
        failure = new IllegalStateException("rolled back");
        clock.add(Duration.ofSeconds(30));

        watch.look();                                    // fails: next try in 1 s
        clock.add(Duration.ofMillis(999));
        watch.look();
        clock.add(Duration.ofMillis(1));
        watch.look();                                    // fails again: next try in 2 s
        clock.add(Duration.ofMillis(1_999));
        watch.look();
        clock.add(Duration.ofMillis(1));
        failure = null;
        watch.look();

        assertThat(declared).hasSize(3);
    }

    @Test
    void theBackoffStopsGrowingAtItsMaximum() {
        watched("member1", T0, 30);
        failure = new IllegalStateException("rolled back");
        clock.add(Duration.ofSeconds(30));
        for (int i = 0; i < 10; i++) {
            watch.look();
            clock.add(LeaseWatch.MAX_BACKOFF);
        }

        assertThat(declared).hasSize(10);
    }

    @Test
    void aMemberWithoutAnAggregateIsNoLongerWatched() {
        watched("member1", T0, 30);
        failure = new AggregateNotFoundException("member1", "no such member");
        clock.add(Duration.ofSeconds(30));

        watch.look();
        watch.look();

        assertThat(declared).hasSize(1);
        assertThat(leases.isWatched("member1", 30)).isFalse();
    }
}
