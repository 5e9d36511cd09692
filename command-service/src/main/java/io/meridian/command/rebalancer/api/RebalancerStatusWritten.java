package io.meridian.command.rebalancer.api;

import io.meridian.core.karmada.rebalancer.WorkloadRebalancerStatus;
import java.time.Instant;

/**
 * The rebalancer's whole status, to be written to its CR ({@code object}) as one {@code WriteStatus} mutation (id
 * {@code <writeId>/0}). Written at most once per {@code WorkloadRebalancerAggregate.statusWriteInterval(entries)}
 * while answers keep arriving, and at once when nothing more is awaited; the decisions in between carry only their
 * {@link StatusChange}.
 */
public record RebalancerStatusWritten(String id, RebalancerObject object, String writeId,
                                      WorkloadRebalancerStatus status, Instant at) {
}
