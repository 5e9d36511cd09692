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

class DefaultAdaptiveStateTest {
    private static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");
    private static final AdaptiveSettings SETTINGS = new AdaptiveSettings(30, 300, false);

    private static Optional<Condition> falseSince(long secondsAgo) {
        return Optional.of(Conditions.of("Schedulable", "False", "reschedule", "", NOW.minusSeconds(secondsAgo)));
    }

    private static PodSnapshot pendingPod(String name, long createdAgo) {
        return new PodSnapshot(name, "Pending", NOW.minusSeconds(createdAgo), null, null, Map.of(),
                List.of(new PodSnapshot.Condition("PodScheduled", "False", "Unschedulable", null)));
    }

    private static SubsetObservation subset(int status, int ready, List<PodSnapshot> pods, Optional<Condition> cond) {
        return new SubsetObservation("a", true, status, status, ready, pods, cond);
    }

    @Test
    void falseConditionKeepsSubsetUnschedulableWithinTheWindow() {
        AdaptiveSubsetState state = DefaultAdaptiveState.evaluate(subset(2, 2, List.of(), falseSince(100)), SETTINGS, NOW);
        assertThat(state.unschedulable()).isTrue();
        assertThat(state.requeueAfter()).contains(Duration.ofSeconds(200));
        assertThat(state.schedulable()).isEmpty();
    }

    @Test
    void falseConditionRecoversAfterTheWindow() {
        AdaptiveSubsetState state = DefaultAdaptiveState.evaluate(subset(2, 2, List.of(), falseSince(300)), SETTINGS, NOW);
        assertThat(state.unschedulable()).isFalse();
        assertThat(state.schedulable()).get().extracting(Condition::getStatus, Condition::getReason)
                .containsExactly("True", "recover");
    }

    @Test
    void podsPendingPastTheCriticalTimeMakeTheSubsetUnschedulable() {
        AdaptiveSubsetState state = DefaultAdaptiveState.evaluate(
                subset(3, 1, List.of(pendingPod("p1", 31), pendingPod("p2", 40), pendingPod("p3", 5)),
                        Optional.empty()), SETTINGS, NOW);
        assertThat(state.unschedulable()).isTrue();
        assertThat(state.pendingPods()).isEqualTo(2);
        assertThat(state.schedulable()).get().extracting(Condition::getStatus, Condition::getReason,
                Condition::getMessage).containsExactly("False", "reschedule", "timeout pending pods found");
        assertThat(state.requeueAfter()).contains(Duration.ofSeconds(300));
    }

    @Test
    void pendingPodsAreNotLookedAtWhenAllPodsAreReady() {
        AdaptiveSubsetState state = DefaultAdaptiveState.evaluate(
                subset(1, 1, List.of(pendingPod("p1", 100)), Optional.empty()), SETTINGS, NOW);
        assertThat(state.unschedulable()).isFalse();
        assertThat(state.pendingPods()).isZero();
    }

    @Test
    void healthySubsetHasNoRequeue() {
        AdaptiveSubsetState state = DefaultAdaptiveState.evaluate(subset(2, 2, List.of(), Optional.empty()), SETTINGS, NOW);
        assertThat(state.unschedulable()).isFalse();
        assertThat(state.requeueAfter()).isEmpty();
    }
}
