package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;
import org.junit.jupiter.api.Test;

class DispenserTest {
    private static final List<TargetCluster> INITIAL = List.of(new TargetCluster("A", 1), new TargetCluster("B", 2));
    private static final List<ClusterWeight> WEIGHTS = List.of(new ClusterWeight("B", 2), new ClusterWeight("A", 1));

    @Test
    void nothingToAddReturnsTheInitialResultUnchanged() {
        assertThat(Dispenser.allocateByWeight(0, INITIAL, WEIGHTS, "")).isEqualTo(INITIAL);
    }

    @Test
    void allWeightsZeroReturnTheInitialResultUnchanged() {
        List<ClusterWeight> zero = List.of(new ClusterWeight("A", 0), new ClusterWeight("C", 0));
        assertThat(Dispenser.allocateByWeight(5, INITIAL, zero, "")).isEqualTo(INITIAL);
    }

    @Test
    void allWeightsZeroWithoutInitialResultGiveNothing() {
        assertThat(Dispenser.allocateByWeight(5, List.of(), List.of(new ClusterWeight("A", 0)), "")).isEmpty();
    }

    @Test
    void addsReplicasOnTopOfTheInitialResultByWeight() {
        assertThat(Dispenser.allocateByWeight(3, INITIAL, WEIGHTS, ""))
                .containsExactly(new TargetCluster("A", 2), new TargetCluster("B", 4));
    }

    @Test
    void listsEveryClusterSortedByNameIncludingZeroSeats() {
        List<ClusterWeight> weights = List.of(new ClusterWeight("C", 100), new ClusterWeight("A", 1));
        assertThat(Dispenser.allocateByWeight(1, List.of(), weights, ""))
                .containsExactly(new TargetCluster("A", 0), new TargetCluster("C", 1));
    }

    @Test
    void spreadByTargetClustersUsesReplicasAsWeights() {
        List<TargetCluster> weights = List.of(new TargetCluster("m1", 5), new TargetCluster("m2", 5),
                new TargetCluster("m3", 5));
        assertThat(Dispenser.spreadByTargetClusters(12, weights, List.of(), ""))
                .extracting(TargetCluster::replicas).containsExactly(4, 4, 4);
    }
}
