package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CandidateSelectionTest {
    private static final List<ClusterAffinity> PRIMARY_THEN_OVERFLOW = List.of(
            ClusterAffinity.ofNames(List.of("home")), ClusterAffinity.ofNames(List.of("spill")));

    @Test
    void overflowOrderIsTheIndexOfTheFirstMatchingTerm() {
        assertThat(CandidateSelection.overflowOrder(MemberCluster.named("home"), PRIMARY_THEN_OVERFLOW)).isZero();
        assertThat(CandidateSelection.overflowOrder(MemberCluster.named("spill"), PRIMARY_THEN_OVERFLOW)).isEqualTo(1);
        assertThat(CandidateSelection.overflowOrder(MemberCluster.named("other"), PRIMARY_THEN_OVERFLOW))
                .isEqualTo(ClusterCandidate.UNMATCHED);
    }

    @Test
    void feasibleClustersMatchATermAndAreNotBeingDeleted() {
        MemberCluster deleting = new MemberCluster("spill", Map.of(), "", "", "", true);
        List<MemberCluster> clusters = List.of(MemberCluster.named("other"), deleting, MemberCluster.named("home"));
        assertThat(CandidateSelection.feasible(clusters, PRIMARY_THEN_OVERFLOW)).extracting(MemberCluster::name)
                .containsExactly("home");
    }

    @Test
    void availableIsAllocatablePlusCurrentReplicasAndDefaultsToSpecReplicas() {
        List<ClusterCandidate> candidates = CandidateSelection.candidates(
                List.of(MemberCluster.named("home"), MemberCluster.named("spill")), PRIMARY_THEN_OVERFLOW,
                Map.of("home", 4L), Map.of(), List.of(new TargetCluster("home", 2)), 7);
        assertThat(candidates).extracting(ClusterCandidate::available).containsExactly(6L, 7L);
        assertThat(candidates).extracting(ClusterCandidate::overflowOrder).containsExactly(0, 1);
    }

    @Test
    void orderIsOverflowOrderThenScoreThenAvailableThenName() {
        List<ClusterCandidate> candidates = List.of(
                ClusterCandidate.named("overflow").withOverflowOrder(1).withScore(100),
                ClusterCandidate.named("b").withAvailable(5),
                ClusterCandidate.named("a").withAvailable(5),
                ClusterCandidate.named("roomy").withAvailable(9),
                ClusterCandidate.named("scored").withScore(1));
        assertThat(CandidateSelection.ordered(candidates)).extracting(ClusterCandidate::name)
                .containsExactly("scored", "roomy", "a", "b", "overflow");
    }
}
