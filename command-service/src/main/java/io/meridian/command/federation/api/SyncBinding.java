package io.meridian.command.federation.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Bring a binding up to date with its template, its PropagationPolicy and the member clusters, as they are
 * now ({@code trigger} says what changed). Creates the binding on first use; records nothing when nothing
 * changed.
 */
public record SyncBinding(@TargetAggregateIdentifier String bindingId, String trigger, Instant at) {
}
