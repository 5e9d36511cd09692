package io.meridian.command.rebalancer.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The WorkloadRebalancer CR is gone from the host cluster (deleted by a person or by its TTL). */
public record RemoveRebalancer(@TargetAggregateIdentifier String id, String uid, Instant at) {
}
