package io.meridian.command.rebalancer.api;

import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import java.time.Instant;
import java.util.List;

/** The rebalancer's spec changed (§2.1: only spec changes reconcile); metadata and templates as now seen. */
public record RebalancerSpecChanged(String id, WorkloadRebalancer rebalancer, List<ResourceTemplate> templates,
                                    Instant at) {
}
