package io.meridian.core.karmada.rebalancer;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;
import org.junit.jupiter.api.Test;

class MakeBeforeBreakPlannerTest {
    private static List<TargetCluster> assignment(int a, int b) {
        return List.of(new TargetCluster("a", a), new TargetCluster("b", b));
    }

    @Test
    void newReplicasArePlacedBeforeAnyAreRemoved() {
        MakeBeforeBreakStep step = MakeBeforeBreakPlanner.nextStep(assignment(4, 0), assignment(2, 2),
                assignment(4, 0), 4);
        assertThat(step.desired()).containsExactly(new TargetCluster("a", 4), new TargetCluster("b", 2));
        assertThat(step.complete()).isFalse();
    }

    @Test
    void readyReplicasAreRemovedOnlyAsReplacementsBecomeReady() {
        MakeBeforeBreakStep step = MakeBeforeBreakPlanner.nextStep(assignment(4, 2), assignment(2, 2),
                assignment(4, 1), 4);
        assertThat(step.desired()).containsExactly(new TargetCluster("a", 3), new TargetCluster("b", 2));
    }

    @Test
    void notReadySurplusIsRemovedAtOnce() {
        MakeBeforeBreakStep step = MakeBeforeBreakPlanner.nextStep(assignment(4, 0), assignment(2, 2),
                assignment(2, 0), 2);
        assertThat(step.desired()).containsExactly(new TargetCluster("a", 2), new TargetCluster("b", 2));
    }

    @Test
    void completeWhenTheTargetIsInPlaceAndReady() {
        MakeBeforeBreakStep step = MakeBeforeBreakPlanner.nextStep(assignment(2, 2), assignment(2, 2),
                assignment(2, 2), 4);
        assertThat(step.complete()).isTrue();
        assertThat(step.desired()).containsExactly(new TargetCluster("a", 2), new TargetCluster("b", 2));
    }

    @Test
    void targetInPlaceButNotReadyIsNotComplete() {
        MakeBeforeBreakStep step = MakeBeforeBreakPlanner.nextStep(assignment(2, 2), assignment(2, 2),
                assignment(2, 1), 4);
        assertThat(step.complete()).isFalse();
    }

    @Test
    void floorIsCappedByTheTargetTotal() {
        MakeBeforeBreakStep step = MakeBeforeBreakPlanner.nextStep(assignment(6, 0), assignment(0, 3),
                assignment(6, 3), 6);
        assertThat(step.availableFloor()).isEqualTo(3);
        assertThat(step.desired()).containsExactly(new TargetCluster("b", 3));
    }

    @Test
    void availableCountsReadyReplicasOnlyUpToTheAssignment() {
        assertThat(MakeBeforeBreakPlanner.available(assignment(2, 1), assignment(3, 1))).isEqualTo(3);
    }
}
