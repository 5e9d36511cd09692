package io.meridian.command.rebalancer.api;

/** Marker for the WorkloadRebalancer aggregate's messages. */
public final class RebalancerApi {
    public static final String AGGREGATE_TYPE = "WorkloadRebalancer";

    private RebalancerApi() {
    }

    /** {@code rebalancer:name} (cluster-scoped, in the host cluster). */
    public static String aggregateId(String name) {
        return "rebalancer:" + name;
    }
}
