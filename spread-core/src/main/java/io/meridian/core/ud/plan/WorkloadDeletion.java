package io.meridian.core.ud.plan;

import io.meridian.core.ud.model.WorkloadKind;

/** A subset workload to delete, and why. */
public record WorkloadDeletion(String name, String cluster, WorkloadKind kind, Reason reason) {
    public enum Reason {
        /** A second workload for the same subset; the first is kept. */
        DUPLICATE,
        /** Its subset is no longer in the topology. */
        UNKNOWN_SUBSET,
        /** A workload of another template kind: the template type was switched. */
        OTHER_KIND,
        /** The subset now names another member cluster; a new workload is created there. */
        MOVED_CLUSTER
    }

    static WorkloadDeletion of(ObservedWorkload workload, Reason reason) {
        return new WorkloadDeletion(workload.name(), workload.cluster(), workload.kind(), reason);
    }
}
