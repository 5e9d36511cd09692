package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.ReplicaStrategy;
import io.meridian.core.karmada.model.StrategyClassification;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** AssignReplicas (§5): the public entry point of replica division. */
public final class ReplicaAssigner {
    private ReplicaAssigner() {
    }

    /**
     * Divides the request's replicas over its candidates. Workloads get their strategy's division (tier by tier
     * with overflow), without zero entries; non-workloads get every candidate with 0 replicas.
     */
    public static AssignmentResult assign(AssignmentRequest request) {
        if (request.candidates().isEmpty()) {
            return AssignmentResult.noClusters();
        }
        if (!request.isWorkload()) {
            return AssignmentResult.assigned(DuplicatedDivision.assign(request.candidates(), 0));
        }
        StrategyClassification classification = ReplicaStrategy.classify(request.replicaScheduling());
        if (!classification.isSupported()) {
            return AssignmentResult.unsupportedStrategy();
        }
        ReplicaStrategy strategy = classification.strategy().orElseThrow();
        AssignmentResult result = request.overflowTiers()
                ? assignByTiers(strategy, request)
                : divide(strategy, request);
        return result.map(TargetClusters::withoutZeroReplicas);
    }

    /** One strategy over the request's candidates; zero entries kept. */
    public static AssignmentResult divide(ReplicaStrategy strategy, AssignmentRequest request) {
        return switch (strategy) {
            case DUPLICATED -> AssignmentResult.assigned(
                    DuplicatedDivision.assign(request.candidates(), request.replicas()));
            case STATIC_WEIGHT -> AssignmentResult.assigned(StaticWeightDivision.assign(request.candidates(),
                    request.replicaScheduling().weightPreference(), request.replicas(), request.uid()));
            case AGGREGATED, DYNAMIC_WEIGHT -> DynamicDivision.assign(strategy, request.candidates(),
                    request.replicas(), request.previous(), request.mode(), request.uid());
        };
    }

    /**
     * Overflow (§5.4): each tier, in ascending overflow order, takes as many of the remaining replicas as its
     * clusters have available; the tiers' results are concatenated.
     */
    static AssignmentResult assignByTiers(ReplicaStrategy strategy, AssignmentRequest request) {
        List<TargetCluster> clusters = new ArrayList<>();
        long remaining = request.replicas();
        for (List<ClusterCandidate> tier : tiers(request.candidates())) {
            long tierAvailable = tier.stream().mapToLong(ClusterCandidate::available).sum();
            int tierReplicas = (int) Math.min(remaining, tierAvailable);
            AssignmentResult tierResult = divide(strategy, request.withCandidatesAndReplicas(tier, tierReplicas));
            if (!tierResult.succeeded()) {
                return tierResult;
            }
            clusters.addAll(tierResult.clustersOrEmpty());
            remaining -= tierReplicas;
            if (remaining == 0) {
                return AssignmentResult.assigned(clusters);
            }
        }
        return AssignmentResult.tiersExhausted();
    }

    private static List<List<ClusterCandidate>> tiers(List<ClusterCandidate> candidates) {
        TreeMap<Integer, List<ClusterCandidate>> byOrder = new TreeMap<>();
        candidates.forEach(c -> byOrder.computeIfAbsent(c.overflowOrder(), order -> new ArrayList<>()).add(c));
        return List.copyOf(byOrder.values());
    }
}
