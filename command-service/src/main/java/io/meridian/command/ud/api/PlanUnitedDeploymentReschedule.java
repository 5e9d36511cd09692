package io.meridian.command.ud.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Dry run of {@link RescheduleUnitedDeployment}: answers the plan, records nothing. */
public record PlanUnitedDeploymentReschedule(@TargetAggregateIdentifier String id, Instant at) {
}
