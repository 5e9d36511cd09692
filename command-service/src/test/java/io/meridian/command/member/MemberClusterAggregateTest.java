package io.meridian.command.member;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.member.api.DeclareMemberUnreachable;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.command.member.api.MemberClusterUnreachable;
import io.meridian.command.member.api.ReportHeartbeat;
import java.time.Instant;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MemberClusterAggregateTest {
    static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");
    AggregateTestFixture<MemberClusterAggregate> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(MemberClusterAggregate.class);
        fixture.registerInjectableResource(new MemberLeases());
    }

    @Test
    void theFirstHeartbeatRegistersAReadyCluster() {
        fixture.givenNoPriorActivity()
                .when(new ReportHeartbeat("member1", "member", T0, 30))
                .expectEvents(new MemberClusterRegistered("member1", "member", T0), new MemberClusterReady("member1", T0));
    }

    @Test
    void anotherHeartbeatRecordsNothing() {
        fixture.given(new MemberClusterRegistered("member1", "member", T0), new MemberClusterReady("member1", T0))
                .when(new ReportHeartbeat("member1", "member", T0.plusSeconds(10), 30))
                .expectNoEvents()
                .expectScheduledDeadlineWithName(T0.plusSeconds(40), MemberClusterAggregate.UNREACHABLE_DEADLINE);
    }

    @Test
    void aHeartbeatWhileACheckIsArmedSchedulesNothingMore() {
        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30))
                .when(new ReportHeartbeat("member1", "member", T0.plusSeconds(10), 30))
                .expectNoEvents()
                .expectScheduledDeadlineWithName(T0.plusSeconds(30), MemberClusterAggregate.UNREACHABLE_DEADLINE)
                .expectNoScheduledDeadlineWithName(T0.plusSeconds(40), MemberClusterAggregate.UNREACHABLE_DEADLINE);
    }

    @Test
    void aLeaseRenewedSinceTheBackstopWasArmedMovesItTenLeasesPastTheLastReport() {
        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30),
                        new ReportHeartbeat("member1", "member", T0.plusSeconds(10), 30))
                .whenTimeAdvancesTo(T0.plusSeconds(31))
                .expectNoEvents()
                .expectScheduledDeadlineWithName(T0.plusSeconds(310), MemberClusterAggregate.UNREACHABLE_DEADLINE);
    }

    @Test
    void theBackstopMakesAClusterSilentSinceItsLastRenewalUnreachableFromIt() {
        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30),
                        new ReportHeartbeat("member1", "member", T0.plusSeconds(10), 30))
                .whenTimeAdvancesTo(T0.plusSeconds(311))
                .expectEvents(new MemberClusterUnreachable("member1", T0.plusSeconds(10), T0.plusSeconds(10)));
    }

    @Test
    void aLeaseRenewedOutsideTheAggregateKeepsTheClusterReady() {
        MemberLeases leases = fixtureWithLeases();
        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30));
        leases.renew("member1", T0.plusSeconds(25));

        fixture.whenTimeAdvancesTo(T0.plusSeconds(31))
                .expectNoEvents()
                .expectScheduledDeadlineWithName(T0.plusSeconds(325), MemberClusterAggregate.UNREACHABLE_DEADLINE);
    }

    @Test
    void aDeclarationMakesTheClusterUnreachableFromItsLastReport() {
        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30))
                .when(new DeclareMemberUnreachable("member1", T0))
                .expectEvents(new MemberClusterUnreachable("member1", T0, T0));
    }

    @Test
    void aDeclarationCancelsTheBackstop() {
        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30))
                .when(new DeclareMemberUnreachable("member1", T0))
                .expectNoScheduledDeadlines();
    }

    @Test
    void aDeclaredClusterIsNoLongerWatched() {
        MemberLeases leases = fixtureWithLeases();

        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30))
                .when(new DeclareMemberUnreachable("member1", T0));

        assertThat(leases.isWatched("member1", 30)).isFalse();
    }

    @Test
    void aReportAfterTheOneTheDeclarationSawKeepsTheClusterReady() {
        MemberLeases leases = fixtureWithLeases();
        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30));
        leases.renew("member1", T0.plusSeconds(29));

        fixture.when(new DeclareMemberUnreachable("member1", T0))
                .expectNoEvents()
                .expectScheduledDeadlineWithName(T0.plusSeconds(30), MemberClusterAggregate.UNREACHABLE_DEADLINE);
        assertThat(leases.isWatched("member1", 30)).isTrue();
    }

    @Test
    void aDeclarationForAClusterAlreadyUnreachableRecordsNothing() {
        fixture.given(new MemberClusterRegistered("member1", "member", T0), new MemberClusterReady("member1", T0),
                        new MemberClusterUnreachable("member1", T0, T0))
                .when(new DeclareMemberUnreachable("member1", T0))
                .expectNoEvents();
    }

    @Test
    void aClusterDeclaredUnreachableIsWatchedAgainFromItsNextReport() {
        MemberLeases leases = fixtureWithLeases();

        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30))
                .whenTimeAdvancesTo(T0.plusSeconds(31))
                .expectEvents(new MemberClusterUnreachable("member1", T0, T0));

        assertThat(leases.startWatching("member1", 30)).isTrue();
    }

    @Test
    void aClusterDeclaredUnreachableIsNoLongerWatched() {
        MemberLeases leases = fixtureWithLeases();

        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30))
                .whenTimeAdvancesTo(T0.plusSeconds(31))
                .expectEvents(new MemberClusterUnreachable("member1", T0, T0));

        assertThat(leases.isWatched("member1", 30)).isFalse();
    }

    @Test
    void aReadyClusterIsWatchedWithTheSilenceItsReportAllowed() {
        MemberLeases leases = fixtureWithLeases();

        fixture.givenNoPriorActivity().when(new ReportHeartbeat("member1", "member", T0, 30));

        assertThat(leases.isWatched("member1", 30)).isTrue();
        assertThat(leases.isWatched("member1", 45)).isFalse();
    }

    @Test
    void silenceMakesTheClusterUnreachable() {
        fixture.givenCommands(new ReportHeartbeat("member1", "member", T0, 30))
                .whenTimeAdvancesTo(T0.plusSeconds(31))
                .expectEvents(new MemberClusterUnreachable("member1", T0, T0));
    }

    @Test
    void aHeartbeatAfterSilenceMakesItReadyAgain() {
        fixture.given(new MemberClusterRegistered("member1", "member", T0), new MemberClusterReady("member1", T0),
                        new MemberClusterUnreachable("member1", T0, T0))
                .when(new ReportHeartbeat("member1", "member", T0.plusSeconds(60), 30))
                .expectEvents(new MemberClusterReady("member1", T0.plusSeconds(60)));
    }

    @Test
    void aReportNoNewerThanTheLastOneBeforeTheSilenceLeavesTheClusterUnreachable() {
        fixture.given(new MemberClusterRegistered("member1", "member", T0), new MemberClusterReady("member1", T0),
                        new MemberClusterUnreachable("member1", T0.plusSeconds(10), T0.plusSeconds(10)))
                .when(new ReportHeartbeat("member1", "member", T0.plusSeconds(10), 30))
                .expectNoEvents()
                .expectNoScheduledDeadlines();
    }

    @Test
    void aStaleReportDoesNotWatchTheUnreachableCluster() {
        MemberLeases leases = fixtureWithLeases();

        fixture.given(new MemberClusterRegistered("member1", "member", T0), new MemberClusterReady("member1", T0),
                        new MemberClusterUnreachable("member1", T0.plusSeconds(10), T0.plusSeconds(10)))
                .when(new ReportHeartbeat("member1", "member", T0.plusSeconds(5), 30));

        assertThat(leases.isWatched("member1", 30)).isFalse();
    }

    @Test
    void aReportAfterTheSilenceBeganMakesTheClusterReadyAgain() {
        fixture.given(new MemberClusterRegistered("member1", "member", T0), new MemberClusterReady("member1", T0),
                        new MemberClusterUnreachable("member1", T0.plusSeconds(10), T0.plusSeconds(10)))
                .when(new ReportHeartbeat("member1", "member", T0.plusSeconds(11), 30))
                .expectEvents(new MemberClusterReady("member1", T0.plusSeconds(11)));
    }

    /** A fixture whose aggregate shares the returned leases with the test. */
    private MemberLeases fixtureWithLeases() {
        MemberLeases leases = new MemberLeases();
        fixture = new AggregateTestFixture<>(MemberClusterAggregate.class);
        fixture.registerInjectableResource(leases);
        return leases;
    }
}
