package io.meridian.core.karmada.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicaStrategyTest {
    private static ReplicaStrategy strategyOf(ReplicaScheduling scheduling) {
        return ReplicaStrategy.classify(scheduling).strategy().orElseThrow();
    }

    @Test
    void absentReplicaSchedulingIsDuplicated() {
        assertThat(strategyOf(null)).isEqualTo(ReplicaStrategy.DUPLICATED);
    }

    @Test
    void duplicatedTypeIsDuplicated() {
        assertThat(strategyOf(ReplicaScheduling.duplicated())).isEqualTo(ReplicaStrategy.DUPLICATED);
    }

    @Test
    void dividedAggregatedIsAggregated() {
        assertThat(strategyOf(ReplicaScheduling.aggregated())).isEqualTo(ReplicaStrategy.AGGREGATED);
    }

    @Test
    void weightedWithDynamicWeightIsDynamicEvenWithAStaticList() {
        WeightPreference both = new WeightPreference(
                List.of(new StaticClusterWeight(ClusterAffinity.ofNames(List.of("m1")), 2)), "AvailableReplicas");
        assertThat(strategyOf(ReplicaScheduling.weighted(both))).isEqualTo(ReplicaStrategy.DYNAMIC_WEIGHT);
    }

    @Test
    void weightedWithoutDynamicWeightIsStatic() {
        assertThat(strategyOf(ReplicaScheduling.weighted(null))).isEqualTo(ReplicaStrategy.STATIC_WEIGHT);
        assertThat(strategyOf(ReplicaScheduling.weighted(WeightPreference.staticWeights(List.of()))))
                .isEqualTo(ReplicaStrategy.STATIC_WEIGHT);
    }

    @Test
    void unknownTypeOrPreferenceIsUnsupportedWithTheUpstreamError() {
        for (ReplicaScheduling odd : List.of(new ReplicaScheduling("Spread", "", null),
                new ReplicaScheduling("Divided", "Balanced", null), new ReplicaScheduling("Divided", "", null))) {
            StrategyClassification classification = ReplicaStrategy.classify(odd);
            assertThat(classification.isSupported()).isFalse();
            assertThat(classification.error()).isEqualTo("unsupported replica scheduling strategy");
        }
    }

    @Test
    void webhookDefaultsMakeDividedWithoutPreferenceWeighted() {
        ReplicaScheduling defaulted = new ReplicaScheduling("Divided", "", null).withWebhookDefaults();
        assertThat(strategyOf(defaulted)).isEqualTo(ReplicaStrategy.STATIC_WEIGHT);
    }
}
