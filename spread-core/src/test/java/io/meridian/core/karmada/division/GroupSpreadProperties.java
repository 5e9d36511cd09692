package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.SpreadConstraint;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class GroupSpreadProperties {
    private static final List<String> REGIONS = List.of("", "r1", "r2", "r3", "r4");

    /** Cluster i in region {@code regions[i]} (0 = none) with {@code available[i]}, already in preference order. */
    private static List<ClusterCandidate> ordered(List<Integer> regions, List<Integer> available) {
        List<ClusterCandidate> candidates = new ArrayList<>();
        for (int i = 0; i < regions.size(); i++) {
            candidates.add(GroupSpreadSelectionTest.in("m" + i, REGIONS.get(regions.get(i)),
                    available.get(i % available.size())));
        }
        return CandidateSelection.ordered(candidates);
    }

    private static Placement placement(boolean divided, int minGroups, int maxGroups, Integer clusterMax) {
        List<SpreadConstraint> constraints = new ArrayList<>(List.of(new SpreadConstraint("region", "", maxGroups,
                minGroups)));
        if (clusterMax != null) {
            constraints.add(new SpreadConstraint("cluster", "", clusterMax, 1));
        }
        return new Placement(null, null, constraints, divided
                ? ReplicaScheduling.weighted(WeightPreference.dynamic("AvailableReplicas")) : null);
    }

    @Property
    void aSelectionHonoursTheGroupBoundsAndHoldsTheReplicas(
            @ForAll @Size(min = 1, max = 10) List<@IntRange(max = 4) Integer> regions,
            @ForAll @Size(min = 1, max = 10) List<@IntRange(max = 30) Integer> available,
            @ForAll @IntRange(min = 1, max = 4) int minGroups, @ForAll @IntRange(max = 3) int extraGroups,
            @ForAll boolean divided, @ForAll boolean withClusterConstraint, @ForAll @IntRange(max = 6) int clusterMax,
            @ForAll @IntRange(min = 1, max = 80) int replicas) {
        List<ClusterCandidate> ordered = ordered(regions, available);
        int maxGroups = minGroups + extraGroups;
        SpreadSelection.Selection selection = SpreadSelection.select(
                placement(divided, minGroups, maxGroups, withClusterConstraint ? clusterMax : null), ordered, replicas);
        if (selection instanceof SpreadSelection.Selection.Selected selected) {
            Set<String> groups = selected.clusters().stream().map(c -> c.cluster().region()).collect(Collectors.toSet());
            assertThat(groups).doesNotContain("").hasSizeBetween(minGroups, maxGroups);
            assertThat(ordered).containsSubsequence(selected.clusters());
            if (divided) {
                assertThat(selected.clusters().stream().mapToLong(ClusterCandidate::available).sum())
                        .isGreaterThanOrEqualTo(replicas);
            }
            if (withClusterConstraint) {
                assertThat(selected.clusters().size()).isLessThanOrEqualTo(Math.max(clusterMax, groups.size()));
            }
        }
    }

    @Property
    void enoughRegionsAlwaysGiveADuplicatedSelection(
            @ForAll @Size(min = 1, max = 10) List<@IntRange(max = 4) Integer> regions,
            @ForAll @IntRange(min = 1, max = 4) int minGroups) {
        List<ClusterCandidate> ordered = ordered(regions, List.of(1));
        long distinct = regions.stream().filter(r -> r > 0).distinct().count();
        SpreadSelection.Selection selection = SpreadSelection.select(placement(false, minGroups, 4, null), ordered, 1);
        assertThat(selection instanceof SpreadSelection.Selection.Selected).isEqualTo(distinct >= minGroups);
    }
}
