package io.meridian.core.karmada.rebalancer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A WorkloadRebalancer ({@code apps.karmada.io/v1alpha1} or {@code apps.meridian.io/v1alpha1}), cluster-scoped.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WorkloadRebalancer(String apiVersion, String kind, RebalancerMetadata metadata,
                                 WorkloadRebalancerSpec spec, WorkloadRebalancerStatus status) {
    public WorkloadRebalancer {
        status = status == null ? WorkloadRebalancerStatus.EMPTY : status;
    }

    public static WorkloadRebalancer of(RebalancerMetadata metadata, WorkloadRebalancerSpec spec,
                                        WorkloadRebalancerStatus status) {
        return new WorkloadRebalancer("apps.karmada.io/v1alpha1", "WorkloadRebalancer", metadata, spec, status);
    }
}
