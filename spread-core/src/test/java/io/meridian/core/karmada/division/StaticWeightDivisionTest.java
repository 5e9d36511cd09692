package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.core.karmada.model.StaticClusterWeight;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StaticWeightDivisionTest {
    private static StaticClusterWeight rule(String cluster, long weight) {
        return new StaticClusterWeight(ClusterAffinity.ofNames(List.of(cluster)), weight);
    }

    @Test
    void dividesByTheStaticWeights() {
        WeightPreference weights = WeightPreference.staticWeights(List.of(rule("m1", 3), rule("m2", 2), rule("m3", 1)));
        assertThat(StaticWeightDivision.assign(Candidates.named("m1", "m2", "m3"), weights, 13, ""))
                .extracting(TargetCluster::replicas).containsExactly(7, 4, 2);
    }

    @Test
    void aClusterMatchedBySeveralRulesTakesTheLargestWeightNotTheSum() {
        WeightPreference weights = WeightPreference.staticWeights(List.of(rule("m1", 1), rule("m2", 1), rule("m1", 2)));
        assertThat(StaticWeightDivision.weights(Candidates.named("m1", "m2"), weights))
                .containsExactly(new ClusterWeight("m1", 2), new ClusterWeight("m2", 1));
    }

    @Test
    void aCandidateNoRuleMatchesIsLeftOut() {
        WeightPreference weights = WeightPreference.staticWeights(List.of(rule("m1", 1)));
        assertThat(StaticWeightDivision.assign(Candidates.named("m1", "m2"), weights, 2, ""))
                .containsExactly(new TargetCluster("m1", 2));
    }

    @Test
    void everyCandidateWeighsOneWhenNoRuleMatchesAnyOfThem() {
        WeightPreference weights = WeightPreference.staticWeights(List.of(rule("elsewhere", 5)));
        assertThat(StaticWeightDivision.weights(Candidates.named("m1", "m2"), weights))
                .containsExactly(new ClusterWeight("m1", 1), new ClusterWeight("m2", 1));
    }

    @Test
    void everyCandidateWeighsOneWithoutWeightPreference() {
        assertThat(StaticWeightDivision.assign(Candidates.named("m2", "m1"), null, 3, ""))
                .containsExactly(new TargetCluster("m1", 2), new TargetCluster("m2", 1));
    }

    @Test
    void rulesMayMatchClustersByLabel() {
        ClusterAffinity gpu = new ClusterAffinity(List.of(), List.of(),
                new LabelSelectorBuilder().addToMatchLabels("gpu", "true").build(), null);
        WeightPreference weights = WeightPreference.staticWeights(List.of(new StaticClusterWeight(gpu, 3),
                rule("plain", 1)));
        List<ClusterCandidate> candidates = List.of(
                ClusterCandidate.of(new MemberCluster("fast", Map.of("gpu", "true"), "", "", "", false), 0),
                ClusterCandidate.named("plain"));
        assertThat(StaticWeightDivision.assign(candidates, weights, 8, ""))
                .containsExactly(new TargetCluster("fast", 6), new TargetCluster("plain", 2));
    }
}
