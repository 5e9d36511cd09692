package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Steps 1, 3 and 4 of one schedule (§3): affinity filter, available replicas, candidate order. */
public final class CandidateSelection {
    /** Overflow order ascending, score descending, available descending, name ascending. */
    public static final Comparator<ClusterCandidate> PREFERENCE = Comparator
            .comparingInt(ClusterCandidate::overflowOrder)
            .thenComparing(Comparator.comparingLong(ClusterCandidate::score).reversed())
            .thenComparing(Comparator.comparingLong(ClusterCandidate::available).reversed())
            .thenComparing(ClusterCandidate::name, NameOrder.ASCENDING);

    private CandidateSelection() {
    }

    /**
     * The overflow order of a cluster under an affinity term: the index of the first of {@code affinities} (the
     * primary term, then its overflow terms) that matches, or {@link ClusterCandidate#UNMATCHED}.
     */
    public static int overflowOrder(MemberCluster cluster, List<ClusterAffinity> affinities) {
        for (int i = 0; i < affinities.size(); i++) {
            if (ClusterAffinityMatcher.matches(affinities.get(i), cluster)) {
                return i;
            }
        }
        return ClusterCandidate.UNMATCHED;
    }

    /** The clusters not being deleted that match one of {@code affinities}, in input order. */
    public static List<MemberCluster> feasible(List<MemberCluster> clusters, List<ClusterAffinity> affinities) {
        return clusters.stream()
                .filter(cluster -> !cluster.deleting())
                .filter(cluster -> overflowOrder(cluster, affinities) != ClusterCandidate.UNMATCHED)
                .toList();
    }

    /**
     * Candidates for the feasible clusters: allocatable from the estimators (absent: {@code replicas}, as when no
     * estimator answered), available = allocatable + the replicas the binding has there now.
     */
    public static List<ClusterCandidate> candidates(List<MemberCluster> feasible, List<ClusterAffinity> affinities,
                                                    Map<String, Long> allocatable, Map<String, Long> scores,
                                                    List<TargetCluster> current, int replicas) {
        Map<String, Integer> held = TargetClusters.replicasByName(current == null ? List.of() : current);
        List<ClusterCandidate> result = new ArrayList<>(feasible.size());
        for (MemberCluster cluster : feasible) {
            long free = allocatable.getOrDefault(cluster.name(), (long) replicas);
            result.add(new ClusterCandidate(cluster, free, free + held.getOrDefault(cluster.name(), 0),
                    overflowOrder(cluster, affinities), scores.getOrDefault(cluster.name(), 0L)));
        }
        return List.copyOf(result);
    }

    /** The candidates sorted by {@link #PREFERENCE}. */
    public static List<ClusterCandidate> ordered(List<ClusterCandidate> candidates) {
        return candidates.stream().sorted(PREFERENCE).toList();
    }
}
