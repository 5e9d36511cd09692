package io.meridian.command.member;

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
}
