package io.meridian.core.karmada.scheduler;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** One term of {@code placement.clusterAffinities}; only the fields the scheduler side of the rebalancer needs. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClusterAffinityTerm(String affinityName, List<String> clusterNames, List<String> exclude) {
    public ClusterAffinityTerm {
        affinityName = affinityName == null ? "" : affinityName;
        clusterNames = clusterNames == null ? List.of() : List.copyOf(clusterNames);
        exclude = exclude == null ? List.of() : List.copyOf(exclude);
    }

    public static ClusterAffinityTerm named(String affinityName, List<String> clusterNames) {
        return new ClusterAffinityTerm(affinityName, clusterNames, List.of());
    }
}
