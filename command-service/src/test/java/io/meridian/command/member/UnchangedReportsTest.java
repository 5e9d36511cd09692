package io.meridian.command.member;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class UnchangedReportsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final MemberLeases leases = new MemberLeases();
    private final UnchangedReports reports = new UnchangedReports(leases);

    @Test
    void aHeartbeatOfAMemberWhoseCheckIsArmedChangesNothing() {
        leases.startWatching("member1", 30);

        assertThat(reports.heartbeatChangesNothing("member1", 30)).isTrue();
    }

    @Test
    void aHeartbeatOfAMemberNotWatchedIsSent() {
        assertThat(reports.heartbeatChangesNothing("member1", 30)).isFalse();
    }

    @Test
    void aHeartbeatOfAMemberDeclaredUnreachableIsSent() {
        leases.startWatching("member1", 30);
        leases.stopWatching("member1");

        assertThat(reports.heartbeatChangesNothing("member1", 30)).isFalse();
    }

    @Test
    void aHeartbeatAllowingAnotherSilenceThanTheArmedCheckIsSent() {
        leases.startWatching("member1", 30);

        assertThat(reports.heartbeatChangesNothing("member1", 45)).isFalse();
    }

    @Test
    void aCapacityWithTheZonesLastRecordedChangesNothing() {
        leases.startWatching("member1", 30);
        reports.capacityRecorded("member1", zones(5));

        assertThat(reports.capacityChangesNothing("member1", zones(5), 30)).isTrue();
    }

    @Test
    void aCapacityWithOtherZonesIsSent() {
        leases.startWatching("member1", 30);
        reports.capacityRecorded("member1", zones(5));

        assertThat(reports.capacityChangesNothing("member1", zones(4), 30)).isFalse();
    }

    @Test
    void theFirstCapacityOfAWatchedMemberIsSent() {
        leases.startWatching("member1", 30);

        assertThat(reports.capacityChangesNothing("member1", zones(5), 30)).isFalse();
    }

    @Test
    void aCapacityOfAMemberNotWatchedIsSentEvenWithTheZonesLastRecorded() {
        reports.capacityRecorded("member1", zones(5));

        assertThat(reports.capacityChangesNothing("member1", zones(5), 30)).isFalse();
    }

    private static JsonNode zones(int free) {
        return JSON.createObjectNode().set("zone-a", JSON.createObjectNode().put("freePods", free));
    }
}
