package io.meridian.command.ws.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The applier's outcome of one mutation of this spread. */
public record RecordMutationResult(@TargetAggregateIdentifier String id, String mutationId, String outcome,
                                   String detail, Instant completedAt) {
}
