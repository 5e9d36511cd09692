package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.StaticClusterWeight;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

class StaticWeightProperties {
    private static WeightPreference rules(List<Integer> weights) {
        List<StaticClusterWeight> rules = new ArrayList<>();
        for (int i = 0; i < weights.size(); i++) {
            rules.add(new StaticClusterWeight(ClusterAffinity.ofNames(List.of("member" + i)), weights.get(i)));
        }
        return WeightPreference.staticWeights(rules);
    }

    private static List<ClusterCandidate> candidates(int count) {
        List<ClusterCandidate> candidates = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            candidates.add(ClusterCandidate.named("member" + i));
        }
        return candidates;
    }

    @Property
    void divisionSumsToTheReplicas(@ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 20) Integer> weights,
                                   @ForAll @IntRange(min = 1, max = 4) int extraCandidates,
                                   @ForAll @IntRange(max = 500) int replicas,
                                   @ForAll @StringLength(max = 8) String uid) {
        List<TargetCluster> result = StaticWeightDivision.assign(candidates(weights.size() + extraCandidates),
                rules(weights), replicas, uid);
        assertThat(TargetClusters.totalReplicas(result)).isEqualTo(replicas);
    }

    @Property
    void addingReplicasNeverTakesOneFromACluster(
            @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 1, max = 9) Integer> weights,
            @ForAll @IntRange(max = 100) int replicas) {
        List<TargetCluster> before = StaticWeightDivision.assign(candidates(weights.size()), rules(weights), replicas, "");
        List<TargetCluster> after = StaticWeightDivision.assign(candidates(weights.size()), rules(weights),
                replicas + 1, "");
        for (int i = 0; i < before.size(); i++) {
            assertThat(after.get(i).replicas()).isGreaterThanOrEqualTo(before.get(i).replicas());
        }
    }
}
