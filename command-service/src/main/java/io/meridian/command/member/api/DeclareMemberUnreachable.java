package io.meridian.command.member.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * The member's lease ended: nothing was heard from it since {@code lastReport} for longer than it may stay silent.
 * Changes nothing when a report came in after {@code lastReport} or the member is no longer Ready.
 */
public record DeclareMemberUnreachable(@TargetAggregateIdentifier String cluster, Instant lastReport) {
}
