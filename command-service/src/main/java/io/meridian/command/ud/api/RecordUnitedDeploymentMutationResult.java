package io.meridian.command.ud.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The applier's outcome of one mutation of this UnitedDeployment. */
public record RecordUnitedDeploymentMutationResult(@TargetAggregateIdentifier String id, String mutationId,
                                                   String outcome, String detail, Instant completedAt) {
}
