package io.meridian.command.rebalancer.api;

import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import java.time.Instant;
import java.util.List;

/** A rebalancer appeared in the host cluster {@code cluster} (its lifecycle starts: empty status). */
public record RebalancerRegistered(String id, String cluster, String uid, WorkloadRebalancer rebalancer,
                                   List<ResourceTemplate> templates, Instant at) {
}
