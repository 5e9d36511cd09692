package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** AllocateByWeight (§6.3): Webster over weights, on top of an initial assignment, UID tie-breaking. */
public final class Dispenser {
    private Dispenser() {
    }

    /**
     * Adds {@code numReplicas} to {@code initial} in proportion to {@code weights}. The result lists every cluster
     * of both inputs sorted by name, zero entries included. With nothing to add to a non-empty initial result, or
     * with all weights zero, {@code initial} comes back unchanged.
     */
    public static List<TargetCluster> allocateByWeight(int numReplicas, List<TargetCluster> initial,
                                                       List<ClusterWeight> weights, TieBreaker tieBreaker) {
        List<TargetCluster> start = initial == null ? List.of() : initial;
        if ((numReplicas == 0 && !start.isEmpty()) || totalWeight(weights) == 0) {
            return start;
        }
        return WebsterApportionment.allocate(numReplicas, votes(weights), TargetClusters.replicasByName(start),
                        tieBreaker).stream()
                .map(party -> new TargetCluster(party.name(), party.seats()))
                .toList();
    }

    public static List<TargetCluster> allocateByWeight(int numReplicas, List<TargetCluster> initial,
                                                       List<ClusterWeight> weights, String uid) {
        return allocateByWeight(numReplicas, initial, weights, TieBreaker.forWorkload(uid));
    }

    /** SpreadReplicasByTargetClusters: the weight of each cluster is its {@code replicas} in {@code weightClusters}. */
    public static List<TargetCluster> spreadByTargetClusters(int replicas, List<TargetCluster> weightClusters,
                                                             List<TargetCluster> initial, String uid) {
        List<ClusterWeight> weights = weightClusters.stream()
                .map(cluster -> new ClusterWeight(cluster.name(), cluster.replicas()))
                .toList();
        return allocateByWeight(replicas, initial, weights, uid);
    }

    private static long totalWeight(List<ClusterWeight> weights) {
        return weights.stream().mapToLong(ClusterWeight::weight).sum();
    }

    /** Votes per name; a name listed twice counts its weights together. */
    private static Map<String, Long> votes(List<ClusterWeight> weights) {
        Map<String, Long> votes = new LinkedHashMap<>();
        weights.forEach(weight -> votes.merge(weight.name(), weight.weight(), Long::sum));
        return votes;
    }
}
