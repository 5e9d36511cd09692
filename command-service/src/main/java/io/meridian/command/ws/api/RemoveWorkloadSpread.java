package io.meridian.command.ws.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The spread was deleted in its cluster. */
public record RemoveWorkloadSpread(@TargetAggregateIdentifier String id, Instant at) {
}
