package io.meridian.command.rebalancer.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Write a status whose write was deferred (a no-op when nothing is left to write). */
public record WriteRebalancerStatus(@TargetAggregateIdentifier String id, Instant at) {
}
