package io.meridian.core.karmada.division;

import static io.meridian.core.karmada.model.ReplicaStrategy.AGGREGATED;
import static io.meridian.core.karmada.model.ReplicaStrategy.DYNAMIC_WEIGHT;
import static io.meridian.core.karmada.model.ScheduleMode.FRESH;
import static io.meridian.core.karmada.model.ScheduleMode.STEADY;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;
import org.junit.jupiter.api.Test;

class DynamicDivisionTest {
    private static final List<TargetCluster> PREVIOUS = List.of(new TargetCluster("m1", 4), new TargetCluster("m2", 8));

    @Test
    void steadyWithTheSameReplicaCountKeepsThePreviousAssignment() {
        AssignmentResult result = DynamicDivision.assign(DYNAMIC_WEIGHT, Candidates.withAllocatable("m1", 100, "m2", 0),
                12, PREVIOUS, STEADY, "");
        assertThat(result.clustersOrEmpty()).isEqualTo(PREVIOUS);
    }

    @Test
    void steadyScaleDownShrinksTheCurrentDistribution() {
        AssignmentResult result = DynamicDivision.assign(DYNAMIC_WEIGHT, Candidates.withAllocatable("m1", 0, "m2", 0,
                "m3", 50), 6, PREVIOUS, STEADY, "");
        assertThat(result.clustersOrEmpty()).containsExactly(new TargetCluster("m1", 2), new TargetCluster("m2", 4));
    }

    @Test
    void steadyScaleUpAddsByAllocatableOnTopOfThePrevious() {
        AssignmentResult result = DynamicDivision.assign(DYNAMIC_WEIGHT, Candidates.withAllocatable("m1", 3, "m2", 3),
                18, PREVIOUS, STEADY, "");
        assertThat(result.clustersOrEmpty()).containsExactly(new TargetCluster("m1", 7), new TargetCluster("m2", 11));
    }

    @Test
    void aggregatedScaleUpPrefersClustersThatAlreadyHoldReplicas() {
        AssignmentResult result = DynamicDivision.assign(AGGREGATED, Candidates.withAllocatable("m1", 6, "m2", 6,
                "m3", 20), 24, PREVIOUS, STEADY, "");
        assertThat(result.clustersOrEmpty()).containsExactly(new TargetCluster("m1", 10), new TargetCluster("m2", 14));
    }

    @Test
    void replicasOnClustersThatAreNoLongerCandidatesArePlacedAgain() {
        AssignmentResult result = DynamicDivision.assign(DYNAMIC_WEIGHT, Candidates.withAllocatable("m1", 8, "m3", 8),
                12, PREVIOUS, STEADY, "");
        assertThat(result.clustersOrEmpty()).containsExactly(new TargetCluster("m1", 8), new TargetCluster("m3", 4));
    }

    @Test
    void freshCountsHeldReplicasAsCapacityAndIgnoresThePlacement() {
        AssignmentResult result = DynamicDivision.assign(AGGREGATED, Candidates.withAllocatable("m1", 0, "m2", 0,
                "m3", 13), 12, PREVIOUS, FRESH, "");
        assertThat(result.clustersOrEmpty()).containsExactly(new TargetCluster("m3", 12));
    }

    @Test
    void notEnoughCapacityIsUnschedulableWithTheAvailableSum() {
        AssignmentResult result = DynamicDivision.assign(DYNAMIC_WEIGHT, Candidates.withAllocatable("m1", 3, "m2", 2),
                10, List.of(), STEADY, "");
        assertThat(result.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.kind()).isEqualTo(AssignmentResult.FailureKind.UNSCHEDULABLE);
            assertThat(failure.message()).isEqualTo("Clusters available replicas 5 are not enough to schedule.");
        });
    }

    @Test
    void aggregatedKeepsOnlyTheFewestClustersThatHoldTheTarget() {
        List<ClusterWeight> available = List.of(new ClusterWeight("m3", 10), new ClusterWeight("m2", 8),
                new ClusterWeight("m1", 6));
        assertThat(AvailabilityDivision.divide(AGGREGATED, available, 12, List.of(), "").clustersOrEmpty())
                .containsExactly(new TargetCluster("m2", 5), new TargetCluster("m3", 7));
    }

    @Test
    void aggregatedMovesPreviouslyUsedClustersToTheFrontKeepingOrder() {
        List<ClusterWeight> available = List.of(new ClusterWeight("m3", 20), new ClusterWeight("m2", 6),
                new ClusterWeight("m1", 6));
        assertThat(AvailabilityDivision.previousFirst(available, PREVIOUS)).extracting(ClusterWeight::name)
                .containsExactly("m2", "m1", "m3");
    }
}
