package io.meridian.command.federation.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** A dry run of {@link RescheduleBinding}: answers the {@link ReschedulePlan}, records nothing. */
public record PlanBindingReschedule(@TargetAggregateIdentifier String bindingId, Instant at) {
}
