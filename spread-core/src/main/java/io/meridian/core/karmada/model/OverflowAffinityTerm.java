package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.List;

/** An overflow term of a {@link ClusterAffinityTerm}: a named affinity, fields inline. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OverflowAffinityTerm(String affinityName, List<String> clusterNames, List<String> exclude,
                                   LabelSelector labelSelector, FieldSelector fieldSelector) {
    public ClusterAffinity affinity() {
        return new ClusterAffinity(clusterNames, exclude, labelSelector, fieldSelector);
    }
}
