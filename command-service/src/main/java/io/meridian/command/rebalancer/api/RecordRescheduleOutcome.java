package io.meridian.command.rebalancer.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** What the binding or UnitedDeployment {@code targetId} answered to a rebalancer's request, or later reported. */
public record RecordRescheduleOutcome(@TargetAggregateIdentifier String id, String targetId,
                                      RescheduleOutcome outcome, Instant at) {
}
