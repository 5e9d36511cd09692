package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.SpreadConstraint;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadSelectionTest {
    private static final List<ClusterCandidate> ORDERED = List.of(
            ClusterCandidate.named("a").withAvailable(2),
            ClusterCandidate.named("b").withAvailable(1),
            ClusterCandidate.named("c").withAvailable(1),
            ClusterCandidate.named("d").withAvailable(9));

    static Placement placement(ReplicaScheduling scheduling, SpreadConstraint... constraints) {
        return new Placement(null, null, List.of(constraints), scheduling);
    }

    static List<String> selectedNames(SpreadSelection.Selection selection) {
        assertThat(selection).isInstanceOf(SpreadSelection.Selection.Selected.class);
        return ((SpreadSelection.Selection.Selected) selection).clusters().stream().map(ClusterCandidate::name)
                .toList();
    }

    @Test
    void withoutConstraintsEveryCandidateIsSelected() {
        assertThat(selectedNames(SpreadSelection.select(placement(null), ORDERED, 100))).hasSize(4);
    }

    @Test
    void staticWeightIgnoresSpreadConstraints() {
        Placement staticWeight = placement(ReplicaScheduling.weighted(null), new SpreadConstraint("cluster", "", 1, 1));
        assertThat(selectedNames(SpreadSelection.select(staticWeight, ORDERED, 100))).hasSize(4);
    }

    @Test
    void fewerCandidatesThanMinGroupsAreRejected() {
        Placement duplicated = placement(null, new SpreadConstraint("cluster", "", 9, 5));
        assertThat(SpreadSelection.select(duplicated, ORDERED, 1))
                .isInstanceOf(SpreadSelection.Selection.Rejected.class);
    }

    @Test
    void duplicatedTakesTheFirstMaxGroupsCandidates() {
        Placement duplicated = placement(null, new SpreadConstraint("cluster", "", 2, 1));
        assertThat(selectedNames(SpreadSelection.select(duplicated, ORDERED, 100))).containsExactly("a", "b");
    }

    @Test
    void dividedSwapsLowRankedPicksForClustersWithMoreAvailable() {
        Placement dynamic = placement(ReplicaScheduling.weighted(WeightPreference.dynamic("AvailableReplicas")),
                new SpreadConstraint("cluster", "", 2, 1));
        assertThat(selectedNames(SpreadSelection.select(dynamic, ORDERED, 10))).containsExactly("a", "d");
    }

    @Test
    void dividedIsRejectedWhenNoSwapGivesEnoughAvailable() {
        Placement aggregated = placement(ReplicaScheduling.aggregated(), new SpreadConstraint("cluster", "", 2, 1));
        assertThat(SpreadSelection.select(aggregated, ORDERED, 50))
                .isInstanceOf(SpreadSelection.Selection.Rejected.class);
    }
}
