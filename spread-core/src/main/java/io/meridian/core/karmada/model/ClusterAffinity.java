package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.List;

/**
 * One candidate filter of a placement ({@code clusterAffinity}, a static weight's {@code targetCluster}).
 * Absent selectors are null; absent name lists are empty. An affinity with nothing set matches every cluster.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ClusterAffinity(List<String> clusterNames, List<String> exclude, LabelSelector labelSelector,
                              FieldSelector fieldSelector) {
    public ClusterAffinity {
        clusterNames = clusterNames == null ? List.of() : List.copyOf(clusterNames);
        exclude = exclude == null ? List.of() : List.copyOf(exclude);
    }

    public static ClusterAffinity anyCluster() {
        return new ClusterAffinity(List.of(), List.of(), null, null);
    }

    public static ClusterAffinity ofNames(List<String> clusterNames) {
        return new ClusterAffinity(clusterNames, List.of(), null, null);
    }
}
