package io.meridian.core.ud.model;

/** Label and annotation keys a UnitedDeployment writes on workloads and pods (upstream names). */
public final class UdLabels {
    public static final String SUBSET_NAME = "apps.kruise.io/subset-name";
    public static final String REVISION = "apps.kruise.io/controller-revision-hash";
    public static final String SUBSET_PATCH = "apps.kruise.io/subset-patch";
    public static final String RESERVED_POD = "apps.kruise.io/united-deployment-reserved-pod";

    private UdLabels() {
    }
}
