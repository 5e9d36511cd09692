package io.meridian.command.rebalancer.api;

import java.time.Instant;

/**
 * The WorkloadRebalancer CR a decision is about: its cluster (the host), apiVersion, name, uid and creation time
 * (the time a reschedule it asks for is triggered at, never "now": §2.3).
 */
public record RebalancerObject(String cluster, String apiVersion, String name, String uid, Instant createdAt) {
}
