package io.meridian.core.karmada.model;

/**
 * A feasible cluster for one binding: {@code allocatable} is the estimators' answer (replicas that still fit),
 * {@code available} is allocatable plus the replicas the binding already has there, {@code overflowOrder} is
 * 0 for the primary affinity term, k for the k-th overflow term ({@link #UNMATCHED} when none matched), and
 * {@code score} is the sum of the score plugins.
 */
public record ClusterCandidate(MemberCluster cluster, long allocatable, long available, int overflowOrder,
                               long score) {
    public static final int UNMATCHED = 1000;

    public static ClusterCandidate named(String name) {
        return of(MemberCluster.named(name), 0);
    }

    /** A primary-term candidate with nothing scheduled there yet, so available = allocatable. */
    public static ClusterCandidate of(MemberCluster cluster, long allocatable) {
        return new ClusterCandidate(cluster, allocatable, allocatable, 0, 0);
    }

    public String name() {
        return cluster.name();
    }

    public ClusterCandidate withAvailable(long newAvailable) {
        return new ClusterCandidate(cluster, allocatable, newAvailable, overflowOrder, score);
    }

    public ClusterCandidate withOverflowOrder(int order) {
        return new ClusterCandidate(cluster, allocatable, available, order, score);
    }

    public ClusterCandidate withScore(long newScore) {
        return new ClusterCandidate(cluster, allocatable, available, overflowOrder, newScore);
    }
}
