package io.meridian.core.ud.model;

/** The four workload kinds a UnitedDeployment can manage, with their API identity. */
public enum WorkloadKind {
    STATEFUL_SET("apps/v1", "StatefulSet"),
    ADVANCED_STATEFUL_SET("apps.kruise.io/v1beta1", "StatefulSet"),
    CLONE_SET("apps.kruise.io/v1alpha1", "CloneSet"),
    DEPLOYMENT("apps/v1", "Deployment");

    private final String apiVersion;
    private final String kind;

    WorkloadKind(String apiVersion, String kind) {
        this.apiVersion = apiVersion;
        this.kind = kind;
    }

    public String apiVersion() {
        return apiVersion;
    }

    public String kind() {
        return kind;
    }

    /** Whether reserved rescheduling can manage this kind (stateless workloads only). */
    public boolean isStateless() {
        return this == CLONE_SET || this == DEPLOYMENT;
    }
}
