package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A static weight rule: clusters matching {@code targetCluster} get {@code weight} (at least 1). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StaticClusterWeight(ClusterAffinity targetCluster, long weight) {
    public StaticClusterWeight {
        targetCluster = targetCluster == null ? ClusterAffinity.anyCluster() : targetCluster;
    }
}
