package io.meridian.core.karmada.rebalancer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.LabelSelector;
import java.util.List;

/**
 * {@code spec} of a WorkloadRebalancer: Karmada's {@code workloads} and {@code ttlSecondsAfterFinished}, plus the
 * Meridian additions {@code workloadSelector}, {@code dryRun} and {@code preserveAvailable} (extensions §7).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkloadRebalancerSpec(List<WorkloadReference> workloads, Integer ttlSecondsAfterFinished,
                                     LabelSelector workloadSelector, boolean dryRun, boolean preserveAvailable) {
    public WorkloadRebalancerSpec {
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
    }

    public static WorkloadRebalancerSpec of(List<WorkloadReference> workloads, Integer ttlSecondsAfterFinished) {
        return new WorkloadRebalancerSpec(workloads, ttlSecondsAfterFinished, null, false, false);
    }
}
