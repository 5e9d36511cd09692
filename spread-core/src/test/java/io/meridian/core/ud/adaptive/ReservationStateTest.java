package io.meridian.core.ud.adaptive;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.ud.model.AdaptiveSettings;
import io.meridian.core.ud.model.Conditions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReservationStateTest {
    private static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");
    private static final AdaptiveSettings SETTINGS = new AdaptiveSettings(10, 5, true);

    private static PodSnapshot pendingPod(String name, long createdAgo, Map<String, String> labels) {
        return new PodSnapshot(name, "Pending", NOW.minusSeconds(createdAgo), null, null, labels,
                List.of(new PodSnapshot.Condition("PodScheduled", "False", "Unschedulable", null)));
    }

    private static PodSnapshot readyPod(String name, long readyAgo, Map<String, String> labels) {
        return new PodSnapshot(name, "Running", NOW.minusSeconds(100), null, "node", labels,
                List.of(new PodSnapshot.Condition("Ready", "True", null, NOW.minusSeconds(readyAgo))));
    }

    private static SubsetObservation subset(List<PodSnapshot> pods, boolean marked) {
        Optional<Condition> condition = marked
                ? Optional.of(Conditions.of("Schedulable", "False", "reschedule", "", NOW.minusSeconds(50)))
                : Optional.empty();
        return new SubsetObservation("a", true, pods.size(), pods.size(), 0, pods, condition);
    }

    private static AdaptiveSubsetState evaluate(SubsetObservation subset) {
        return ReservationState.evaluate(subset, SETTINGS, "", Conditions.ZERO_TIME, NOW);
    }

    @Test
    void unlabelledPodsOfAMarkedSubsetAreReserved() {
        AdaptiveSubsetState state = evaluate(subset(List.of(readyPod("p1", 100, Map.of())), true));
        assertThat(state.reservedPods()).isEqualTo(1);
        assertThat(state.podLabels()).containsExactly(Map.entry("p1", "true"));
        assertThat(state.unschedulable()).isTrue();
    }

    @Test
    void timedOutPendingPodIsReservedAndLabelled() {
        AdaptiveSubsetState state = evaluate(subset(List.of(pendingPod("p1", 11, Map.of())), false));
        assertThat(state.reservedPods()).isEqualTo(1);
        assertThat(state.podLabels()).containsExactly(Map.entry("p1", "true"));
        assertThat(state.schedulable()).get().extracting(Condition::getStatus, Condition::getMessage)
                .containsExactly("False", "reserved pods found");
        assertThat(state.requeueAfter()).contains(Duration.ofSeconds(5));
    }

    @Test
    void healthyPodsAreLabelledNotReservedAndTheSubsetIsSchedulable() {
        AdaptiveSubsetState state = evaluate(subset(List.of(readyPod("p1", 100, Map.of())), false));
        assertThat(state.reservedPods()).isZero();
        assertThat(state.podLabels()).containsExactly(Map.entry("p1", "false"));
        assertThat(state.schedulable()).get().extracting(Condition::getStatus, Condition::getMessage)
                .containsExactly("True", "no reserved pods");
    }

    @Test
    void podWhoseVerdictIsUnchangedIsNotRelabelled() {
        Map<String, String> notReserved = Map.of(PodSnapshot.RESERVED_LABEL, "false");
        AdaptiveSubsetState state = evaluate(subset(List.of(readyPod("p1", 100, notReserved)), false));
        assertThat(state.podLabels()).isEmpty();
    }

    @Test
    void reservedPodReadyLongEnoughIsReleased() {
        Map<String, String> reserved = Map.of(PodSnapshot.RESERVED_LABEL, "true");
        AdaptiveSubsetState state = evaluate(subset(List.of(readyPod("p1", 6, reserved)), true));
        assertThat(state.reservedPods()).isZero();
        assertThat(state.podLabels()).containsExactly(Map.entry("p1", "false"));
    }

    @Test
    void earliestPodCheckBecomesTheRequeue() {
        AdaptiveSubsetState state = evaluate(subset(List.of(pendingPod("p1", 3, Map.of()), pendingPod("p2", 8, Map.of())),
                false));
        assertThat(state.requeueAfter()).contains(Duration.ofSeconds(2));
    }

    @Test
    void recoveredMarkedSubsetThatScalesUpGoesBackToFalse() {
        AdaptiveSubsetState state = evaluate(subset(List.of(readyPod("p1", 100, Map.of(PodSnapshot.RESERVED_LABEL,
                "false"))), true));
        AdaptiveSubsetState after = ReservationState.afterAllocation(state, 2, 1, NOW);
        assertThat(after.schedulable()).get().extracting(Condition::getStatus, Condition::getMessage)
                .containsExactly("False", "subset just recovered scaled up");
    }

    @Test
    void recoveredSubsetThatDoesNotScaleUpStaysSchedulable() {
        AdaptiveSubsetState state = evaluate(subset(List.of(readyPod("p1", 100, Map.of(PodSnapshot.RESERVED_LABEL,
                "false"))), true));
        assertThat(ReservationState.afterAllocation(state, 1, 1, NOW)).isEqualTo(state);
    }

    @Test
    void unschedulableSubsetGetsMaxUnavailableFromItsUnreadyPods() {
        SubsetObservation observed = new SubsetObservation("a", true, 4, 4, 1,
                List.of(pendingPod("p1", 11, Map.of())), Optional.empty());
        AdaptiveSubsetState state = evaluate(observed);
        assertThat(state.maxUnavailable(observed)).hasValue(3);
    }
}
