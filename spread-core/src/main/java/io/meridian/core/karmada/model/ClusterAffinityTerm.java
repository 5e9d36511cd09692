package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.List;

/**
 * One entry of {@code clusterAffinities}: a named affinity (fields inline, as on the wire) with optional
 * overflow terms that take replicas the primary term cannot hold.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClusterAffinityTerm(String affinityName, List<String> clusterNames, List<String> exclude,
                                  LabelSelector labelSelector, FieldSelector fieldSelector,
                                  List<OverflowAffinityTerm> overflowAffinities) {
    public ClusterAffinityTerm {
        affinityName = affinityName == null ? "" : affinityName;
        overflowAffinities = overflowAffinities == null ? List.of() : List.copyOf(overflowAffinities);
    }

    /** A term that names its clusters and nothing else. */
    public static ClusterAffinityTerm named(String affinityName, List<String> clusterNames) {
        return new ClusterAffinityTerm(affinityName, clusterNames, List.of(), null, null, List.of());
    }

    public ClusterAffinity affinity() {
        return new ClusterAffinity(clusterNames, exclude, labelSelector, fieldSelector);
    }

    /** The primary affinity first (overflow order 0), then each overflow term (order k for the k-th). */
    public List<ClusterAffinity> affinitiesByOverflowOrder() {
        List<ClusterAffinity> all = new java.util.ArrayList<>();
        all.add(affinity());
        overflowAffinities.forEach(term -> all.add(term.affinity()));
        return List.copyOf(all);
    }
}
