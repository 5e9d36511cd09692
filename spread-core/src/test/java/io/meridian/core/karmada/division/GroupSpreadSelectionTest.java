package io.meridian.core.karmada.division;

import static io.meridian.core.karmada.division.SpreadSelectionTest.placement;
import static io.meridian.core.karmada.division.SpreadSelectionTest.selectedNames;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.SpreadConstraint;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GroupSpreadSelectionTest {
    private static final ReplicaScheduling DYNAMIC =
            ReplicaScheduling.weighted(WeightPreference.dynamic("AvailableReplicas"));

    static ClusterCandidate in(String name, String region, long available) {
        return ClusterCandidate.of(new MemberCluster(name, Map.of("tier", region.isEmpty() ? "" : "t-" + region),
                "aws", region, "", false), available);
    }

    /** Preference order: a (east), b (east), c (west), d (no region), e (south). */
    private static final List<ClusterCandidate> ORDERED = List.of(in("a", "east", 5), in("b", "east", 5),
            in("c", "west", 2), in("d", "", 50), in("e", "south", 20));

    @Test
    void duplicatedTakesEveryClusterOfTheBestRankedRegions() {
        Placement duplicated = placement(null, new SpreadConstraint("region", "", 2, 2));
        assertThat(selectedNames(SpreadSelection.select(duplicated, ORDERED, 100))).containsExactly("a", "b", "c");
    }

    @Test
    void clustersWithoutTheGroupingFieldAreNeverSelected() {
        Placement duplicated = placement(null, new SpreadConstraint("region", "", 9, 1));
        assertThat(selectedNames(SpreadSelection.select(duplicated, ORDERED, 1))).doesNotContain("d");
    }

    @Test
    void fewerRegionsThanMinGroupsAreRejected() {
        Placement duplicated = placement(null, new SpreadConstraint("region", "", 4, 4));
        SpreadSelection.Selection selection = SpreadSelection.select(duplicated, ORDERED, 1);
        assertThat(selection).isInstanceOf(SpreadSelection.Selection.Rejected.class);
        assertThat(((SpreadSelection.Selection.Rejected) selection).reason())
                .contains("region groups (3)", "minGroups (4)");
    }

    @Test
    void dividedSwapsALowRankedRegionForOneWithMoreAvailable() {
        Placement dynamic = placement(DYNAMIC, new SpreadConstraint("region", "", 2, 2));
        assertThat(selectedNames(SpreadSelection.select(dynamic, ORDERED, 25))).containsExactly("a", "b", "e");
    }

    @Test
    void dividedIsRejectedWhenNoRegionsCanHoldTheReplicas() {
        Placement dynamic = placement(DYNAMIC, new SpreadConstraint("region", "", 2, 2));
        assertThat(SpreadSelection.select(dynamic, ORDERED, 31)).isInstanceOf(SpreadSelection.Selection.Rejected.class);
    }

    @Test
    void aClusterConstraintKeepsTheBestClusterOfEachPickedRegion() {
        Placement duplicated = placement(null, new SpreadConstraint("region", "", 2, 2),
                new SpreadConstraint("cluster", "", 2, 2));
        assertThat(selectedNames(SpreadSelection.select(duplicated, ORDERED, 1))).containsExactly("a", "c");
    }

    @Test
    void aClusterConstraintFillsUpToItsMaxGroupsInPreferenceOrder() {
        Placement duplicated = placement(null, new SpreadConstraint("region", "", 2, 2),
                new SpreadConstraint("cluster", "", 3, 2));
        assertThat(selectedNames(SpreadSelection.select(duplicated, ORDERED, 1))).containsExactly("a", "b", "c");
    }

    @Test
    void aClusterMinGroupsAboveTheClustersOfThePickedRegionsIsRejected() {
        Placement duplicated = placement(null, new SpreadConstraint("region", "", 1, 1),
                new SpreadConstraint("cluster", "", 3, 3));
        assertThat(SpreadSelection.select(duplicated, ORDERED, 1))
                .isInstanceOf(SpreadSelection.Selection.Rejected.class);
    }

    @Test
    void dividedSwapsAClusterWithinItsRegionWhenItIsTheRegionsOnlyPick() {
        List<ClusterCandidate> ordered = List.of(in("a", "east", 5), in("b", "east", 1), in("c", "west", 3),
                in("f", "west", 9));
        Placement dynamic = placement(DYNAMIC, new SpreadConstraint("region", "", 2, 2),
                new SpreadConstraint("cluster", "", 2, 2));
        assertThat(selectedNames(SpreadSelection.select(dynamic, ordered, 12))).containsExactly("a", "f");
    }

    @Test
    void zoneProviderAndLabelGroupTheSameWay() {
        Placement byLabel = placement(null, new SpreadConstraint("", "tier", 1, 1));
        assertThat(selectedNames(SpreadSelection.select(byLabel, ORDERED, 1))).containsExactly("a", "b");
        Placement byProvider = placement(null, new SpreadConstraint("provider", "", 1, 1));
        assertThat(selectedNames(SpreadSelection.select(byProvider, ORDERED, 1))).hasSize(5);
        Placement byZone = placement(null, new SpreadConstraint("zone", "", 1, 1));
        assertThat(SpreadSelection.select(byZone, ORDERED, 1)).isInstanceOf(SpreadSelection.Selection.Rejected.class);
    }

    @Test
    void regionTakesPriorityOverAClusterConstraintGivenFirst() {
        Placement duplicated = placement(null, new SpreadConstraint("cluster", "", 5, 1),
                new SpreadConstraint("region", "", 1, 1));
        assertThat(selectedNames(SpreadSelection.select(duplicated, ORDERED, 1))).containsExactly("a", "b");
    }
}
