package io.meridian.command.federation.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * A fresh reschedule of one binding, ignoring its current assignment (Karmada's
 * {@code rescheduleTriggeredAt}), asked by {@code requestedBy} (a rebalancer id, or {@code failback}).
 * With {@code preserveAvailable} the new assignment is reached make-before-break. Fails with Axon's
 * AggregateNotFoundException when there is no such binding. Answers the {@link ReschedulePlan}.
 */
public record RescheduleBinding(@TargetAggregateIdentifier String bindingId, String requestedBy,
                                boolean preserveAvailable, Instant at) {
}
