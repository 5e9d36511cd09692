package io.meridian.core.karmada.rebalancer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * {@code status.observedWorkloads[]}. {@code reason} is set only with Failed ({@value #BINDING_NOT_FOUND});
 * {@code plan} is a Meridian addition, set only by a dry run.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ObservedWorkload(WorkloadReference workload,
                               @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = OmitPending.class)
                               WorkloadResult result,
                               String reason, RebalancePlan plan) {
    public static final String BINDING_NOT_FOUND = "ReferencedBindingNotFound";

    public ObservedWorkload {
        result = result == null ? WorkloadResult.Pending : result;
        reason = reason == null || reason.isEmpty() ? null : reason;
    }

    public static ObservedWorkload pending(WorkloadReference workload) {
        return new ObservedWorkload(workload, WorkloadResult.Pending, null, null);
    }

    public static ObservedWorkload successful(WorkloadReference workload) {
        return new ObservedWorkload(workload, WorkloadResult.Successful, null, null);
    }

    public static ObservedWorkload planned(WorkloadReference workload, RebalancePlan plan) {
        return new ObservedWorkload(workload, WorkloadResult.Successful, null, plan);
    }

    public static ObservedWorkload bindingNotFound(WorkloadReference workload) {
        return new ObservedWorkload(workload, WorkloadResult.Failed, BINDING_NOT_FOUND, null);
    }

    public boolean is(WorkloadResult r) {
        return result == r;
    }

    /** Jackson value filter: the empty (pending) result is omitted on the wire, as upstream's omitempty does. */
    static final class OmitPending {
        @Override
        public boolean equals(Object value) {
            return value == null || value == WorkloadResult.Pending;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }
}
