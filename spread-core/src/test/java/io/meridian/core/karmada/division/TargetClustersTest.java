package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetClustersTest {
    @Test
    void mergeSumsSameNamesAndAppendsOldOnlyEntriesAfterTheNewOnes() {
        List<TargetCluster> old = List.of(new TargetCluster("x", 1), new TargetCluster("m1", 2));
        List<TargetCluster> added = List.of(new TargetCluster("m1", 4), new TargetCluster("m2", 3));
        assertThat(TargetClusters.merge(old, added)).containsExactly(new TargetCluster("m1", 6),
                new TargetCluster("m2", 3), new TargetCluster("x", 1));
    }

    @Test
    void mergeOfTwoEmptyListsIsEmpty() {
        assertThat(TargetClusters.merge(List.of(), List.of())).isEmpty();
    }

    @Test
    void strippingDropsZeroEntriesAndKeepsOrder() {
        List<TargetCluster> clusters = List.of(new TargetCluster("b", 1), new TargetCluster("a", 0),
                new TargetCluster("c", 2));
        assertThat(TargetClusters.withoutZeroReplicas(clusters))
                .containsExactly(new TargetCluster("b", 1), new TargetCluster("c", 2));
    }

    @Test
    void attachZeroReplicasAppendsMissingCandidatesInCandidateOrder() {
        List<TargetCluster> assigned = List.of(new TargetCluster("m2", 2));
        assertThat(TargetClusters.attachZeroReplicas(List.of("m3", "m2", "m1"), assigned)).containsExactly(
                new TargetCluster("m2", 2), new TargetCluster("m3", 0), new TargetCluster("m1", 0));
    }
}
