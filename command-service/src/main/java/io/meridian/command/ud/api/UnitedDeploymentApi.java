package io.meridian.command.ud.api;

/** Marker for the UnitedDeployment aggregate's messages. */
public final class UnitedDeploymentApi {
    public static final String AGGREGATE_TYPE = "UnitedDeployment";

    private UnitedDeploymentApi() {
    }

    /** {@code ud:cluster/namespace/name} (a prefix per aggregate type: Axon keys events by id alone). */
    public static String aggregateId(String cluster, String namespace, String name) {
        return "ud:" + cluster + "/" + namespace + "/" + name;
    }
}
