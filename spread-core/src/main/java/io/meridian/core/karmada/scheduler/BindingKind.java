package io.meridian.core.karmada.scheduler;

/** What holds the scheduling state of a workload. */
public enum BindingKind {
    /** {@code work.karmada.io/v1alpha2} ResourceBinding, for a namespaced workload (same namespace). */
    ResourceBinding,
    /** {@code work.karmada.io/v1alpha2} ClusterResourceBinding, for a cluster-scoped workload. */
    ClusterResourceBinding,
    /**
     * Meridian addition: a UnitedDeployment is its own binding. The rebalancer records the trigger on the
     * UnitedDeployment itself (same name and namespace), and its allocator recomputes the subsets ignoring
     * current subset sizes while the trigger is newer than its last allocation.
     */
    UnitedDeployment
}
