package io.meridian.command.member;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class UnchangedReportsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-11-28T14:00:00Z");
    private final MemberLeases leases = new MemberLeases();
    private final UnchangedReports reports = new UnchangedReports(leases);

    @Test
    void aHeartbeatOfAWatchedMemberSentRecentlyChangesNothing() {
        watchedAndSent("member1");

        assertThat(reports.heartbeatChangesNothing("member1", 30, T0.plusSeconds(29))).isTrue();
    }

    @Test
    void aHeartbeatIsSentAgainOncePerAllowedSilence() {
        watchedAndSent("member1");

        assertThat(reports.heartbeatChangesNothing("member1", 30, T0.plusSeconds(30))).isFalse();
    }

    @Test
    void aHeartbeatOfAMemberNotWatchedIsSent() {
        reports.heartbeatSent("member1", T0);

        assertThat(reports.heartbeatChangesNothing("member1", 30, T0.plusSeconds(3))).isFalse();
    }

    @Test
    void aHeartbeatOfAMemberDeclaredUnreachableIsSent() {
        watchedAndSent("member1");
        leases.stopWatching("member1");

        assertThat(reports.heartbeatChangesNothing("member1", 30, T0.plusSeconds(3))).isFalse();
    }

    @Test
    void aHeartbeatAllowingAnotherSilenceThanTheArmedCheckIsSent() {
        watchedAndSent("member1");

        assertThat(reports.heartbeatChangesNothing("member1", 45, T0.plusSeconds(3))).isFalse();
    }

    @Test
    void aCapacityWithTheZonesLastRecordedChangesNothing() {
        leases.startWatching("member1", 30);
        reports.capacitySent("member1", zones(5), T0);

        assertThat(reports.capacityChangesNothing("member1", zones(5), 30, T0.plusSeconds(3))).isTrue();
    }

    @Test
    void aCapacityWithOtherZonesIsSent() {
        leases.startWatching("member1", 30);
        reports.capacitySent("member1", zones(5), T0);

        assertThat(reports.capacityChangesNothing("member1", zones(4), 30, T0.plusSeconds(3))).isFalse();
    }

    @Test
    void anUnchangedCapacityIsSentAgainOncePerAllowedSilence() {
        leases.startWatching("member1", 30);
        reports.capacitySent("member1", zones(5), T0);

        assertThat(reports.capacityChangesNothing("member1", zones(5), 30, T0.plusSeconds(30))).isFalse();
    }

    @Test
    void theFirstCapacityOfAWatchedMemberIsSent() {
        watchedAndSent("member1");

        assertThat(reports.capacityChangesNothing("member1", zones(5), 30, T0.plusSeconds(3))).isFalse();
    }

    @Test
    void aCapacityOfAMemberNotWatchedIsSentEvenWithTheZonesLastRecorded() {
        reports.capacitySent("member1", zones(5), T0);

        assertThat(reports.capacityChangesNothing("member1", zones(5), 30, T0.plusSeconds(3))).isFalse();
    }

    private void watchedAndSent(String cluster) {
        leases.startWatching(cluster, 30);
        reports.heartbeatSent(cluster, T0);
    }

    private static JsonNode zones(int free) {
        return JSON.createObjectNode().set("zone-a", JSON.createObjectNode().put("freePods", free));
    }
}
