package io.meridian.core.ws.controller;

import static io.meridian.core.ws.controller.Fixtures.NOW;
import static io.meridian.core.ws.controller.Fixtures.inSubset;
import static io.meridian.core.ws.controller.Fixtures.subset;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.KubeTimes;
import io.meridian.core.ws.model.AdaptiveStrategy;
import io.meridian.core.ws.model.ScheduleStrategy;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdaptiveReschedulingTest {
    private static final ScheduleStrategy ADAPTIVE = new ScheduleStrategy("Adaptive", new AdaptiveStrategy(false, 5, null));

    private static WorkloadSpread spread(ScheduleStrategy strategy, SubsetStatus... oldRows) {
        return Fixtures.spread(Fixtures.CLONESET, List.of(subset("a", 5), subset("b", null)), strategy,
                oldRows.length == 0 ? WorkloadSpreadStatus.EMPTY : Fixtures.statusOf(oldRows));
    }

    private static Pod stuck(String name, long createdSecondsAgo) {
        return inSubset(name, "a").onNode("").phase("Pending").created(NOW.minusSeconds(createdSecondsAgo)).unschedulable().build();
    }

    private static SubsetStatus withCondition(String name, String status, String reason, long secondsAgo) {
        Condition c = new Condition();
        c.setType("Schedulable");
        c.setStatus(status);
        c.setReason(reason);
        c.setMessage("");
        c.setLastTransitionTime(KubeTimes.format(NOW.minusSeconds(secondsAgo)));
        return new SubsetStatus(name, 0, 0, Map.of(), Map.of(), List.of(c));
    }

    private static Optional<Condition> condition(SyncDecision decision, int row) {
        return SchedulableConditions.find(decision.status().subsetStatuses().get(row).conditions());
    }

    @Test
    void podsUnschedulablePastTheCriticalAgeMarkTheSubsetFalseAndAreDeleted() {
        SyncDecision d = Fixtures.sync(Fixtures.input(spread(ADAPTIVE), 10, List.of(stuck("p0", 60), stuck("p1", 60))));
        assertThat(condition(d, 0)).get().extracting(Condition::getStatus, Condition::getReason)
                .containsExactly("False", "PodUnschedulable");
        assertThat(d.podsToDelete()).containsExactly("p0", "p1");
    }

    @Test
    void aYoungUnschedulablePodIsWaitedForWithARequeue() {
        SyncDecision d = Fixtures.sync(Fixtures.input(spread(ADAPTIVE), 10, List.of(stuck("p0", 2))));
        assertThat(d.podsToDelete()).isEmpty();
        assertThat(condition(d, 0)).get().extracting(Condition::getStatus).isEqualTo("True");
        assertThat(d.requeueAfter()).contains(Duration.ofSeconds(3));
    }

    @Test
    void anUnschedulableSubsetStaysFalseInsideTheWindowAndRequeuesForTheRest() {
        SyncDecision d = Fixtures.sync(Fixtures.input(spread(ADAPTIVE, withCondition("a", "False", "PodUnschedulable", 100)), 10, List.of()));
        assertThat(condition(d, 0)).get().extracting(Condition::getStatus).isEqualTo("False");
        assertThat(d.requeueAfter()).contains(Duration.ofSeconds(200));
        assertThat(d.events()).isEmpty();
    }

    @Test
    void anUnschedulableSubsetRecoversAfterTheWindowWithAnEvent() {
        SyncDecision d = Fixtures.sync(Fixtures.input(spread(ADAPTIVE, withCondition("a", "False", "PodUnschedulable", 301)), 10, List.of()));
        assertThat(condition(d, 0)).get().extracting(Condition::getStatus, Condition::getReason).containsExactly("True", "Sufficient");
        assertThat(d.events()).extracting(ControllerEvent::reason, ControllerEvent::object)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("RecoverSchedulable", "a"));
    }

    @Test
    void unschedulableSecondsReplacesTheFixedWindow() {
        ScheduleStrategy shortWindow = new ScheduleStrategy("Adaptive", new AdaptiveStrategy(false, 5, 60));
        SyncDecision d = Fixtures.sync(Fixtures.input(spread(shortWindow, withCondition("a", "False", "PodUnschedulable", 100)), 10, List.of()));
        assertThat(condition(d, 0)).get().extracting(Condition::getStatus).isEqualTo("True");
    }

    @Test
    void theLastSubsetIsAlwaysSchedulable() {
        Pod stuckInB = inSubset("p0", "b").onNode("").phase("Pending").created(NOW.minusSeconds(60)).unschedulable().build();
        SyncDecision d = Fixtures.sync(Fixtures.input(spread(ADAPTIVE, withCondition("b", "False", "PodUnschedulable", 10)), 10,
                List.of(stuckInB)));
        assertThat(condition(d, 1)).get().extracting(Condition::getStatus, Condition::getReason).containsExactly("True", "Sufficient");
        assertThat(d.podsToDelete()).isEmpty();
    }

    @Test
    void fixedStrategyRemovesTheCondition() {
        SyncDecision d = Fixtures.sync(Fixtures.input(spread(new ScheduleStrategy("Fixed", new AdaptiveStrategy(false, 5, null)),
                withCondition("a", "False", "PodUnschedulable", 10)), 10, List.of()));
        assertThat(condition(d, 0)).isEmpty();
    }

    @Test
    void adaptiveWithoutACriticalAgeIsOff() {
        assertThat(AdaptiveRescheduling.of(new ScheduleStrategy("Adaptive", new AdaptiveStrategy(false, 0, null)))).isEmpty();
        assertThat(AdaptiveRescheduling.of(new ScheduleStrategy("Adaptive", null))).isEmpty();
    }

    @Test
    void terminatingOrBoundPodsAreNotScheduleFailed() {
        Pod bound = inSubset("bound", "a").phase("Pending").created(NOW.minusSeconds(60)).unschedulable().build();
        Pod terminating = inSubset("going", "a").onNode("").phase("Pending").created(NOW.minusSeconds(60)).unschedulable()
                .terminating(NOW).build();
        SyncDecision d = Fixtures.sync(Fixtures.input(spread(ADAPTIVE), 10, List.of(bound, terminating)));
        assertThat(d.podsToDelete()).isEmpty();
    }
}
