package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicaAssignerTest {
    private static final ReplicaScheduling DYNAMIC =
            ReplicaScheduling.weighted(WeightPreference.dynamic(WeightPreference.AVAILABLE_REPLICAS));

    @Test
    void noCandidatesIsAnError() {
        AssignmentResult result = ReplicaAssigner.assign(AssignmentRequest.of(List.of(), null, 3));
        assertThat(result.failure()).hasValueSatisfying(failure ->
                assertThat(failure.message()).isEqualTo("no clusters available to schedule"));
    }

    @Test
    void nonWorkloadsGoToEveryCandidateWithZeroReplicas() {
        AssignmentResult result = ReplicaAssigner.assign(
                AssignmentRequest.of(Candidates.named("m2", "m1"), ReplicaScheduling.aggregated(), 0));
        assertThat(result.clustersOrEmpty()).containsExactly(new TargetCluster("m2", 0), new TargetCluster("m1", 0));
    }

    @Test
    void multiTemplateWorkloadsAreTreatedAsNonWorkloads() {
        AssignmentRequest request = AssignmentRequest.builder(Candidates.named("m1"), null, 4).components(2).build();
        assertThat(ReplicaAssigner.assign(request).clustersOrEmpty()).containsExactly(new TargetCluster("m1", 0));
    }

    @Test
    void absentReplicaSchedulingDuplicatesInCandidateOrder() {
        AssignmentResult result = ReplicaAssigner.assign(AssignmentRequest.of(Candidates.named("m2", "m1"), null, 2));
        assertThat(result.clustersOrEmpty()).containsExactly(new TargetCluster("m2", 2), new TargetCluster("m1", 2));
    }

    @Test
    void unsupportedStrategyIsAnError() {
        ReplicaScheduling odd = new ReplicaScheduling("Divided", "Balanced", null);
        AssignmentResult result = ReplicaAssigner.assign(AssignmentRequest.of(Candidates.named("m1"), odd, 2));
        assertThat(result.failure()).hasValueSatisfying(failure ->
                assertThat(failure.message()).isEqualTo("unsupported replica scheduling strategy"));
    }

    @Test
    void zeroReplicaEntriesAreStripped() {
        ReplicaScheduling weighted = ReplicaScheduling.weighted(null);
        AssignmentResult result = ReplicaAssigner.assign(
                AssignmentRequest.of(Candidates.named("m1", "m2", "m3"), weighted, 2));
        assertThat(result.clustersOrEmpty()).containsExactly(new TargetCluster("m1", 1), new TargetCluster("m2", 1));
    }

    @Test
    void overflowFillsTiersInOrderAndConcatenatesThem() {
        List<ClusterCandidate> candidates = List.of(
                ClusterCandidate.named("spill").withOverflowOrder(1).withAvailable(10),
                ClusterCandidate.named("home").withAvailable(3));
        List<ClusterCandidate> estimated = candidates.stream()
                .map(c -> new ClusterCandidate(c.cluster(), c.available(), c.available(), c.overflowOrder(), 0))
                .toList();
        AssignmentRequest request = AssignmentRequest.builder(estimated, DYNAMIC, 5).overflowTiers(true).build();
        assertThat(ReplicaAssigner.assign(request).clustersOrEmpty())
                .containsExactly(new TargetCluster("home", 3), new TargetCluster("spill", 2));
    }

    @Test
    void replicasLeftAfterTheLastTierAreUnschedulable() {
        List<ClusterCandidate> candidates = List.of(
                ClusterCandidate.named("home").withAvailable(2),
                ClusterCandidate.named("spill").withOverflowOrder(1).withAvailable(2));
        AssignmentRequest request = AssignmentRequest.builder(candidates, ReplicaScheduling.weighted(null), 10)
                .overflowTiers(true).build();
        assertThat(ReplicaAssigner.assign(request).failure()).hasValueSatisfying(failure ->
                assertThat(failure.message()).isEqualTo("Clusters available replicas are not enough to schedule."));
    }
}
