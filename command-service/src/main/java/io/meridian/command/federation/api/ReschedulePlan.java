package io.meridian.command.federation.api;

import java.util.Map;

/**
 * An assignment before and after a fresh reschedule: member cluster (or, for a UnitedDeployment,
 * subset) to replicas. Shared by bindings and UnitedDeployments so a rebalancer treats both alike.
 */
public record ReschedulePlan(Map<String, Integer> before, Map<String, Integer> after) {
    public ReschedulePlan {
        before = Map.copyOf(before);
        after = Map.copyOf(after);
    }
}
