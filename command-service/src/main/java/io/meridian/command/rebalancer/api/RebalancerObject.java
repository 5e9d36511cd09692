package io.meridian.command.rebalancer.api;

/** The WorkloadRebalancer CR a decision is about: its cluster (the host), apiVersion, name and uid. */
public record RebalancerObject(String cluster, String apiVersion, String name, String uid) {
}
