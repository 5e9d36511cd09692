package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.StaticClusterWeight;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.model.WeightPreference;
import java.util.List;

/**
 * StaticWeight (§6.5): weights from the static rules, Webster over them. Stateless: the previous assignment is
 * not read, so Steady and Fresh give the same result.
 */
public final class StaticWeightDivision {
    private StaticWeightDivision() {
    }

    /**
     * The division of {@code replicas} over the candidates weighted by {@code preference} (null: all weight 1).
     * Sorted by name; zero entries are kept (the entry point strips them). A candidate no rule matches is left out,
     * unless no candidate matches at all, in which case all weigh 1.
     */
    public static List<TargetCluster> assign(List<ClusterCandidate> candidates, WeightPreference preference,
                                             int replicas, String uid) {
        return Dispenser.allocateByWeight(replicas, List.of(), weights(candidates, preference), uid);
    }

    /** Each candidate's weight, in candidate order: the largest weight among the rules that match it. */
    public static List<ClusterWeight> weights(List<ClusterCandidate> candidates, WeightPreference preference) {
        if (preference == null) {
            return equalWeights(candidates);
        }
        List<ClusterWeight> weighted = candidates.stream()
                .map(candidate -> new ClusterWeight(candidate.name(), maxMatchingWeight(candidate, preference)))
                .filter(weight -> weight.weight() > 0)
                .toList();
        return weighted.isEmpty() ? equalWeights(candidates) : weighted;
    }

    private static long maxMatchingWeight(ClusterCandidate candidate, WeightPreference preference) {
        return preference.staticWeightList().stream()
                .filter(rule -> ClusterAffinityMatcher.matches(rule.targetCluster(), candidate.cluster()))
                .mapToLong(StaticClusterWeight::weight)
                .max().orElse(0);
    }

    private static List<ClusterWeight> equalWeights(List<ClusterCandidate> candidates) {
        return candidates.stream().map(candidate -> new ClusterWeight(candidate.name(), 1)).toList();
    }
}
