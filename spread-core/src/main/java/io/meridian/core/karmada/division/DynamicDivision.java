package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.ReplicaStrategy;
import io.meridian.core.karmada.model.ScheduleMode;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * DynamicWeight and Aggregated (§6.6): divide by capacity, following the previous assignment in Steady mode and
 * using it only as capacity in Fresh mode. Results keep zero entries.
 */
public final class DynamicDivision {
    private static final Comparator<ClusterWeight> HEAVIEST_FIRST =
            Comparator.comparingLong(ClusterWeight::weight).reversed();

    private DynamicDivision() {
    }

    public static AssignmentResult assign(ReplicaStrategy strategy, List<ClusterCandidate> candidates, int replicas,
                                          List<TargetCluster> previous, ScheduleMode mode, String uid) {
        List<TargetCluster> scheduled = scheduledOn(candidates, previous);
        if (mode == ScheduleMode.FRESH) {
            return fresh(strategy, candidates, replicas, scheduled, uid);
        }
        long assigned = TargetClusters.totalReplicas(scheduled);
        if (assigned > replicas) {
            return scaleDown(strategy, replicas, scheduled, uid);
        }
        if (assigned < replicas) {
            return scaleUp(strategy, candidates, replicas, scheduled, uid);
        }
        return AssignmentResult.assigned(scheduled);
    }

    /** The previous assignment restricted to the current candidates (replicas elsewhere are to be placed again). */
    public static List<TargetCluster> scheduledOn(List<ClusterCandidate> candidates, List<TargetCluster> previous) {
        return TargetClusters.restrictedTo(previous == null ? List.of() : previous,
                candidates.stream().map(ClusterCandidate::name).toList());
    }

    /** A: weights are allocatable plus the replicas held now; the previous placement is not preferred. */
    static AssignmentResult fresh(ReplicaStrategy strategy, List<ClusterCandidate> candidates, int replicas,
                                  List<TargetCluster> scheduled, String uid) {
        Map<String, Integer> held = TargetClusters.replicasByName(scheduled);
        List<ClusterWeight> weights = candidates.stream()
                .map(c -> new ClusterWeight(c.name(), c.allocatable() + held.getOrDefault(c.name(), 0)))
                .sorted(HEAVIEST_FIRST)
                .toList();
        return AvailabilityDivision.divide(strategy, weights, replicas, List.of(), uid);
    }

    /** B: shrink the current distribution; only clusters that hold replicas are eligible. */
    static AssignmentResult scaleDown(ReplicaStrategy strategy, int replicas, List<TargetCluster> scheduled,
                                      String uid) {
        List<ClusterWeight> weights = scheduled.stream()
                .map(c -> new ClusterWeight(c.name(), c.replicas()))
                .sorted(HEAVIEST_FIRST)
                .toList();
        return AvailabilityDivision.divide(strategy, weights, replicas, List.of(), uid);
    }

    /**
     * C: place the missing replicas by allocatable capacity on top of {@code scheduled} (the previous assignment
     * restricted to the candidates; a first schedule is a scale up from nothing).
     */
    public static AssignmentResult scaleUp(ReplicaStrategy strategy, List<ClusterCandidate> candidates, int replicas,
                                           List<TargetCluster> scheduled, String uid) {
        List<ClusterWeight> weights = candidates.stream()
                .map(c -> new ClusterWeight(c.name(), c.allocatable()))
                .sorted(HEAVIEST_FIRST)
                .toList();
        int missing = (int) (replicas - TargetClusters.totalReplicas(scheduled));
        return AvailabilityDivision.divide(strategy, weights, missing, scheduled, uid);
    }
}
