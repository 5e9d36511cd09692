package io.meridian.core.karmada.scheduler;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** The parts of a binding's {@code spec.placement} the rebalancer and the schedule triggers read. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BindingPlacement(List<ClusterAffinityTerm> clusterAffinities, ReplicaScheduling replicaScheduling) {
    public static final BindingPlacement NONE = new BindingPlacement(List.of(), null);

    public BindingPlacement {
        clusterAffinities = clusterAffinities == null ? List.of() : List.copyOf(clusterAffinities);
    }

    /** Strategy classification (§4): absent replicaScheduling means Duplicated. */
    public boolean isDuplicated() {
        return replicaScheduling == null || replicaScheduling.isDuplicated();
    }
}
