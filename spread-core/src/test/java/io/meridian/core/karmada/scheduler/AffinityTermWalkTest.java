package io.meridian.core.karmada.scheduler;

import io.meridian.core.karmada.model.ClusterAffinityTerm;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.TargetCluster;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

class AffinityTermWalkTest {
    private static final Instant T1 = Instant.ofEpochSecond(1);
    private static final Instant T2 = Instant.ofEpochSecond(2);
    private static final List<ClusterAffinityTerm> TERMS = List.of(
            ClusterAffinityTerm.named("affinity1", List.of("cluster1")),
            ClusterAffinityTerm.named("affinity2", List.of("cluster2")),
            ClusterAffinityTerm.named("affinity3", List.of("cluster3")));
    private static final List<TargetCluster> PREVIOUS = List.of(new TargetCluster("cluster2", 1));

    private static BindingState binding(String recorded, Instant triggeredAt, Instant lastScheduled) {
        return new BindingState(new BindingKey(BindingKind.ResourceBinding, "ns", "b"), "", 1, 0, PREVIOUS,
                new Placement(null, TERMS, List.of(), null), triggeredAt, lastScheduled, recorded);
    }

    /** Each term schedules on its single cluster, or fails as given. */
    private static Function<ClusterAffinityTerm, TermAttempt> outcomes(Map<String, TermAttempt> failures) {
        return term -> failures.getOrDefault(term.affinityName(),
                TermAttempt.scheduled(List.of(new TargetCluster(term.clusterNames().get(0), 1))));
    }

    @Test
    void requiredRescheduleRestartsFromTheFirstTerm() {
        AffinityWalkResult result = AffinityTermWalk.walk(binding("affinity2", T2, T1), outcomes(Map.of()));
        assertThat(result.termsTried()).containsExactly("affinity1");
        assertThat(result.clustersAfter()).containsExactly(new TargetCluster("cluster1", 1));
        assertThat(result.observedAffinityName()).isEqualTo("affinity1");
        assertThat(result.affinityNameWritten()).isTrue();
    }

    @Test
    void withoutARequiredRescheduleTheRecordedTermIsResumed() {
        AffinityWalkResult result = AffinityTermWalk.walk(binding("affinity2", null, null), outcomes(Map.of()));
        assertThat(result.termsTried()).containsExactly("affinity2");
        assertThat(result.observedAffinityName()).isEqualTo("affinity2");
        assertThat(result.affinityNameWritten()).isFalse();
    }

    @Test
    void unknownOrEmptyRecordedTermStartsAtTheFirstTerm() {
        assertThat(AffinityTermWalk.startIndex(TERMS, "gone", false)).isZero();
        assertThat(AffinityTermWalk.startIndex(TERMS, "", false)).isZero();
        assertThat(AffinityTermWalk.startIndex(TERMS, "affinity3", false)).isEqualTo(2);
    }

    @Test
    void termsAreTriedInOrderUntilOneSchedules() {
        AffinityWalkResult result = AffinityTermWalk.walk(binding("", null, null),
                outcomes(Map.of("affinity1", TermAttempt.fitError("no fit"))));
        assertThat(result.termsTried()).containsExactly("affinity1", "affinity2");
        assertThat(result.observedAffinityName()).isEqualTo("affinity2");
        assertThat(result.succeeded()).isTrue();
    }

    @Test
    void termsBeforeTheRecordedOneAreNotTried() {
        AffinityWalkResult result = AffinityTermWalk.walk(binding("affinity2", null, null),
                outcomes(Map.of("affinity2", TermAttempt.fitError("no fit"), "affinity3", TermAttempt.fitError("x"))));
        assertThat(result.termsTried()).containsExactly("affinity2", "affinity3");
    }

    @Test
    void firstFailureAFitErrorClearsClustersAndKeepsTheRecordedTerm() {
        AffinityWalkResult result = AffinityTermWalk.walk(binding("affinity2", null, null),
                outcomes(Map.of("affinity2", TermAttempt.fitError("no fit"),
                        "affinity3", TermAttempt.otherError("boom"))));
        assertThat(result.succeeded()).isFalse();
        assertThat(result.error()).isEqualTo("no fit");
        assertThat(result.clustersWritten()).isTrue();
        assertThat(result.clustersAfter()).isEmpty();
        assertThat(result.observedAffinityName()).isEqualTo("affinity2");
    }

    @Test
    void firstFailureAnotherErrorLeavesClustersUnwritten() {
        AffinityWalkResult result = AffinityTermWalk.walk(binding("affinity3", null, null),
                outcomes(Map.of("affinity3", TermAttempt.otherError("boom"))));
        assertThat(result.error()).isEqualTo("boom");
        assertThat(result.clustersWritten()).isFalse();
        assertThat(result.clustersAfter()).isEqualTo(PREVIOUS);
    }

    @Test
    void successfulScheduleServesThePendingTrigger() {
        BindingState triggered = binding("affinity2", T2, T1);
        BindingState after = AffinityTermWalk.walk(triggered, outcomes(Map.of()))
                .applyTo(triggered, Instant.ofEpochSecond(3));
        assertThat(after.rescheduleRequired()).isFalse();
        assertThat(after.schedulerObservedAffinityName()).isEqualTo("affinity1");
        assertThat(after.clusters()).containsExactly(new TargetCluster("cluster1", 1));
    }

    @Test
    void failedScheduleKeepsTheTriggerPending() {
        BindingState triggered = binding("affinity2", T2, T1);
        Map<String, TermAttempt> allFail = Map.of("affinity1", TermAttempt.fitError("a"),
                "affinity2", TermAttempt.fitError("b"), "affinity3", TermAttempt.fitError("c"));
        BindingState after = AffinityTermWalk.walk(triggered, outcomes(allFail))
                .applyTo(triggered, Instant.ofEpochSecond(3));
        assertThat(after.rescheduleRequired()).isTrue();
        assertThat(after.schedulerObservedAffinityName()).isEqualTo("affinity2");
    }
}
