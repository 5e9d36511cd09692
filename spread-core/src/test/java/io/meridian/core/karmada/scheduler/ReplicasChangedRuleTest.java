package io.meridian.core.karmada.scheduler;

import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

class ReplicasChangedRuleTest {
    private static final ReplicaScheduling DIVIDED = new ReplicaScheduling("Divided", "Weighted", null);
    private static final ReplicaScheduling DUPLICATED = new ReplicaScheduling("Duplicated", null, null);
    private static final List<TargetCluster> THREE_AND_FIVE =
            List.of(new TargetCluster("member1", 3), new TargetCluster("member2", 5));

    @Test
    void absentReplicaSchedulingIsNeverAChangeEvenWhenClustersDisagree() {
        assertThat(ReplicasChangedRule.changed(null, 5, 0, THREE_AND_FIVE, false)).isFalse();
    }

    @Test
    void duplicatedChangesWhenAnyClusterDiffersFromSpecReplicas() {
        assertThat(ReplicasChangedRule.changed(DUPLICATED, 5, 0, THREE_AND_FIVE, false)).isTrue();
    }

    @Test
    void duplicatedWithEveryClusterAtSpecReplicasIsUnchanged() {
        List<TargetCluster> fives = List.of(new TargetCluster("a", 5), new TargetCluster("b", 5));
        assertThat(ReplicasChangedRule.changed(DUPLICATED, 5, 0, fives, false)).isFalse();
    }

    @Test
    void duplicatedWithNoClustersIsUnchanged() {
        assertThat(ReplicasChangedRule.changed(DUPLICATED, 5, 0, List.of(), false)).isFalse();
    }

    @Test
    void dividedChangesWhenTheSumDiffersFromSpecReplicas() {
        assertThat(ReplicasChangedRule.changed(DIVIDED, 5, 0, THREE_AND_FIVE, false)).isTrue();
    }

    @Test
    void dividedWithTheSumAtSpecReplicasIsUnchanged() {
        assertThat(ReplicasChangedRule.changed(DIVIDED, 8, 0, THREE_AND_FIVE, false)).isFalse();
    }

    @Test
    void emptyOrUnknownTypeIsNeverAChange() {
        assertThat(ReplicasChangedRule.changed(new ReplicaScheduling("", null, null), 5, 0, THREE_AND_FIVE, false)).isFalse();
        assertThat(ReplicasChangedRule.changed(new ReplicaScheduling("Spread", null, null), 5, 0, THREE_AND_FIVE, false))
                .isFalse();
    }

    @Test
    void multiTemplateBindingWithoutClustersChangesOnlyWithTheFeatureGate() {
        assertThat(ReplicasChangedRule.changed(new ReplicaScheduling("", null, null), 0, 2, List.of(), true)).isTrue();
        assertThat(ReplicasChangedRule.changed(new ReplicaScheduling("", null, null), 0, 2, List.of(), false)).isFalse();
    }

    @Test
    void featureGateDoesNotOverrideAbsentReplicaScheduling() {
        assertThat(ReplicasChangedRule.changed(null, 0, 2, List.of(), true)).isFalse();
    }

    @Test
    void featureGateFallsBackToTheTypeRuleWhenClustersExist() {
        List<TargetCluster> exact = List.of(new TargetCluster("a", 8));
        assertThat(ReplicasChangedRule.changed(DIVIDED, 8, 2, exact, true)).isFalse();
    }
}
