package io.meridian.core.karmada.division;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.ClusterAffinityTerm;
import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.core.karmada.model.OverflowAffinityTerm;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.ScheduleMode;
import io.meridian.core.karmada.model.SpreadConstraint;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchedulePipelineTest {
    private static final ReplicaScheduling DYNAMIC =
            ReplicaScheduling.weighted(WeightPreference.dynamic(WeightPreference.AVAILABLE_REPLICAS));
    private static final List<MemberCluster> CLUSTERS = List.of(MemberCluster.named("cloud"),
            MemberCluster.named("home"), MemberCluster.named("other"));

    private static ScheduleRequest request(Placement placement, int replicas, boolean attachZeros) {
        return new ScheduleRequest(placement, "local", CLUSTERS, Map.of("home", 3L, "cloud", 10L, "other", 50L),
                Map.of(), replicas, List.of(), ScheduleMode.STEADY, "", attachZeros);
    }

    @Test
    void overflowTermsTakeWhatThePrimaryTermCannotHold() {
        ClusterAffinityTerm local = new ClusterAffinityTerm("local", List.of("home"), null, null, null,
                List.of(new OverflowAffinityTerm("burst", List.of("cloud"), null, null, null)));
        Placement placement = new Placement(null, List.of(local), null, DYNAMIC);
        assertThat(SchedulePipeline.schedule(request(placement, 5, false)).clustersOrEmpty())
                .containsExactly(new TargetCluster("home", 3), new TargetCluster("cloud", 2));
    }

    @Test
    void noMatchingClusterIsAFitError() {
        Placement placement = new Placement(ClusterAffinity.ofNames(List.of("mars")), null, null, DYNAMIC);
        assertThat(SchedulePipeline.schedule(request(placement, 5, false)).failure()).hasValueSatisfying(failure ->
                assertThat(failure.kind()).isEqualTo(AssignmentResult.FailureKind.NO_CLUSTER_FITS));
    }

    @Test
    void spreadConstraintKeepsTheBestRankedClusters() {
        Placement placement = new Placement(null, null, List.of(new SpreadConstraint("cluster", "", 1, 1)), DYNAMIC);
        assertThat(SchedulePipeline.schedule(request(placement, 5, false)).clustersOrEmpty())
                .containsExactly(new TargetCluster("other", 5));
    }

    @Test
    void emptyWorkloadPropagationAttachesSelectedClustersWithoutReplicas() {
        Placement placement = new Placement(null, null, null, ReplicaScheduling.aggregated());
        assertThat(SchedulePipeline.schedule(request(placement, 5, true)).clustersOrEmpty()).containsExactly(
                new TargetCluster("other", 5), new TargetCluster("cloud", 0), new TargetCluster("home", 0));
    }
}
