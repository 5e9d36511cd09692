package io.meridian.command.ws.api;

/** Marker for the WorkloadSpread aggregate's messages (commands, events, queries are records in this package). */
public final class WorkloadSpreadApi {
    public static final String AGGREGATE_TYPE = "WorkloadSpread";

    private WorkloadSpreadApi() {
    }

    /** The aggregate id of a spread: {@code cluster/namespace/name}. */
    public static String aggregateId(String cluster, String namespace, String name) {
        return cluster + "/" + namespace + "/" + name;
    }
}
