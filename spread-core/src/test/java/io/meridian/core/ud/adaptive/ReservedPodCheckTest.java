package io.meridian.core.ud.adaptive;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.ud.model.Conditions;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReservedPodCheckTest {
    private static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");
    private static final Duration PENDING_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration MIN_READY = Duration.ofSeconds(5);

    private static PodSnapshot pod(String phase, long createdAgo, Map<String, String> labels,
                                   PodSnapshot.Condition... conditions) {
        return new PodSnapshot("p", phase, NOW.minusSeconds(createdAgo), null, null, labels, List.of(conditions));
    }

    private static PodSnapshot.Condition unschedulable() {
        return new PodSnapshot.Condition("PodScheduled", "False", "Unschedulable", null);
    }

    private static PodSnapshot.Condition readySince(long secondsAgo) {
        return new PodSnapshot.Condition("Ready", "True", null, NOW.minusSeconds(secondsAgo));
    }

    private static Map<String, String> marked() {
        return Map.of(PodSnapshot.RESERVED_LABEL, "true");
    }

    private static ReservedPodStatus check(PodSnapshot pod, String updatedRevision, Instant updatedAt) {
        return ReservedPodCheck.check(pod, updatedRevision, updatedAt, PENDING_TIMEOUT, MIN_READY, NOW);
    }

    @Test
    void pendingPodIsNotReservedBeforeTheTimeoutAndIsCheckedAgainAtIt() {
        assertThat(check(pod("Pending", 3, Map.of(), unschedulable()), "", Conditions.ZERO_TIME))
                .isEqualTo(ReservedPodStatus.notReservedYet(Duration.ofSeconds(7)));
    }

    @Test
    void pendingPodPastTheTimeoutIsReserved() {
        assertThat(check(pod("Pending", 11, Map.of(), unschedulable()), "", Conditions.ZERO_TIME))
                .isEqualTo(ReservedPodStatus.reserved(MIN_READY));
    }

    @Test
    void pendingPodExactlyAtTheTimeoutIsNotYetReserved() {
        assertThat(check(pod("Pending", 10, Map.of(), unschedulable()), "", Conditions.ZERO_TIME))
                .isEqualTo(ReservedPodStatus.notReservedYet(Duration.ZERO));
    }

    @Test
    void boundPendingPodIsNotReserved() {
        PodSnapshot bound = new PodSnapshot("p", "Pending", NOW.minusSeconds(100), null, "node-1", Map.of(),
                List.of(unschedulable()));
        assertThat(check(bound, "", Conditions.ZERO_TIME)).isEqualTo(ReservedPodStatus.notReserved());
    }

    @Test
    void markedPodStaysReservedUntilReadyForMinReady() {
        assertThat(check(pod("Running", 100, marked(), readySince(3)), "", Conditions.ZERO_TIME))
                .isEqualTo(ReservedPodStatus.reserved(Duration.ofSeconds(2)));
    }

    @Test
    void markedPodReadyLongerThanMinReadyIsReleased() {
        assertThat(check(pod("Running", 100, marked(), readySince(6)), "", Conditions.ZERO_TIME))
                .isEqualTo(ReservedPodStatus.notReserved());
    }

    @Test
    void markedPodOnAnOldRevisionStaysReserved() {
        assertThat(check(pod("Running", 100, marked(), readySince(60)), "new", Conditions.ZERO_TIME))
                .isEqualTo(ReservedPodStatus.reserved(MIN_READY));
    }

    @Test
    void oldRevisionPodPastTheUpdateTimeoutIsReservedAndCountsAsTimedOut() {
        Map<String, String> labels = Map.of(PodSnapshot.REVISION_LABEL, "old");
        ReservedPodStatus status = check(pod("Running", 1, labels, readySince(3)), "new", NOW.minusSeconds(11));
        assertThat(status).isEqualTo(ReservedPodStatus.reservedAfterUpdateTimeout(MIN_READY));
        assertThat(status.updateTimeoutPodsIncrement()).isEqualTo(1);
    }

    @Test
    void oldRevisionPodWithinTheUpdateTimeoutIsCheckedAgainLater() {
        Map<String, String> labels = Map.of(PodSnapshot.REVISION_LABEL, "old");
        assertThat(check(pod("Running", 1, labels, readySince(3)), "new", NOW.minusSeconds(4)))
                .isEqualTo(ReservedPodStatus.notReservedYet(Duration.ofSeconds(6)));
    }

    @Test
    void terminatingOldRevisionPodIsNotReserved() {
        Map<String, String> labels = new HashMap<>(Map.of(PodSnapshot.REVISION_LABEL, "old"));
        PodSnapshot terminating = new PodSnapshot("p", "Running", NOW.minusSeconds(100), NOW.minusSeconds(1), null,
                labels, List.of());
        assertThat(check(terminating, "new", NOW.minusSeconds(100))).isEqualTo(ReservedPodStatus.notReserved());
    }

    @Test
    void reservedLabelFalseCountsAsNotMarked() {
        Map<String, String> labels = Map.of(PodSnapshot.RESERVED_LABEL, "false");
        assertThat(check(pod("Running", 100, labels, readySince(1)), "", Conditions.ZERO_TIME))
                .isEqualTo(ReservedPodStatus.notReserved());
    }
}
