package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ReplicaStrategy;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Step D of the dynamic strategies (§6.6): divide {@code target} replicas over an ordered list of available
 * capacities, on top of an optional previous result. Zero entries are kept (the entry point strips them).
 */
public final class AvailabilityDivision {
    private AvailabilityDivision() {
    }

    /**
     * @param strategy  {@link ReplicaStrategy#AGGREGATED} packs into as few clusters as the order allows; any other
     *                  value divides over all of them (DynamicWeight)
     * @param available capacities in preference order
     * @param previous  the result to build on; empty for a fresh division or a scale down
     */
    public static AssignmentResult divide(ReplicaStrategy strategy, List<ClusterWeight> available, int target,
                                          List<TargetCluster> previous, String uid) {
        long total = available.stream().mapToLong(ClusterWeight::weight).sum();
        if (total < target) {
            return AssignmentResult.notEnoughAvailable(total);
        }
        List<ClusterWeight> weights = strategy == ReplicaStrategy.AGGREGATED
                ? fewestClustersReaching(target, previousFirst(available, previous))
                : available;
        List<TargetCluster> divided = Dispenser.allocateByWeight(target, List.of(), weights, uid);
        return AssignmentResult.assigned(TargetClusters.merge(previous, divided));
    }

    /** Clusters that already hold replicas come first; both groups keep their order. */
    static List<ClusterWeight> previousFirst(List<ClusterWeight> available, List<TargetCluster> previous) {
        Set<String> holding = TargetClusters.names(previous.stream().filter(c -> c.replicas() > 0).toList());
        List<ClusterWeight> ordered = new ArrayList<>(available.size());
        available.stream().filter(weight -> holding.contains(weight.name())).forEach(ordered::add);
        available.stream().filter(weight -> !holding.contains(weight.name())).forEach(ordered::add);
        return ordered;
    }

    /** The shortest prefix whose capacities sum to at least {@code target}. */
    static List<ClusterWeight> fewestClustersReaching(long target, List<ClusterWeight> ordered) {
        long sum = 0;
        for (int i = 0; i < ordered.size(); i++) {
            sum += ordered.get(i).weight();
            if (sum >= target) {
                return ordered.subList(0, i + 1);
            }
        }
        return ordered;
    }
}
