package io.meridian.core.ud.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnitedDeploymentDefaultsTest {

    private static UnitedDeploymentSpec spec(Integer replicas, Topology topology) {
        return new UnitedDeploymentSpec(replicas, null, null, topology, null, null);
    }

    @Test
    void unsetReplicasBecomeOne() {
        assertThat(UnitedDeploymentDefaults.apply(spec(null, null)).replicas()).isEqualTo(1);
    }

    @Test
    void setReplicasAreKept() {
        assertThat(UnitedDeploymentDefaults.apply(spec(7, null)).replicas()).isEqualTo(7);
    }

    @Test
    void revisionHistoryLimitDefaultsToTen() {
        assertThat(UnitedDeploymentDefaults.apply(spec(1, null)).revisionHistoryLimit()).isEqualTo(10);
    }

    @Test
    void updateStrategyDefaultsToManualWithNoPartitions() {
        UdUpdateStrategy strategy = UnitedDeploymentDefaults.apply(spec(1, null)).updateStrategy();
        assertThat(strategy.type()).isEqualTo("Manual");
        assertThat(strategy.manualUpdate().partitions()).isEmpty();
    }

    @Test
    void adaptiveSettingsGetTheirDefaults() {
        Topology topology = new Topology(List.of(), new UdScheduleStrategy("Adaptive", null));
        AdaptiveSettings adaptive = UnitedDeploymentDefaults.apply(spec(1, topology)).topology()
                .scheduleStrategy().adaptive();
        assertThat(adaptive).isEqualTo(new AdaptiveSettings(30, 300, false));
    }

    @Test
    void unsetMinimumsBecomeZeroWhenMinMaxIsUsedWithoutSubsetReplicas() {
        Topology topology = new Topology(List.of(Subset.sized("a", null, null, new IntOrString(3)),
                Subset.sized("b", null, null, null)), null);
        List<Subset> subsets = UnitedDeploymentDefaults.apply(spec(1, topology)).topology().subsets();
        assertThat(subsets).extracting(Subset::minReplicas).containsExactly(new IntOrString(0), new IntOrString(0));
    }

    @Test
    void minimumsStayUnsetWhenSomeSubsetHasReplicas() {
        Topology topology = new Topology(List.of(Subset.sized("a", null, null, new IntOrString(3)),
                Subset.sized("b", new IntOrString(1), null, null)), null);
        List<Subset> subsets = UnitedDeploymentDefaults.apply(spec(1, topology)).topology().subsets();
        assertThat(subsets).extracting(Subset::minReplicas).containsOnlyNulls();
    }
}
