package io.meridian.command.member.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** A member cluster's agent is alive; {@code unreachableAfterSeconds} without another one makes it Unreachable. */
public record ReportHeartbeat(@TargetAggregateIdentifier String cluster, String role, Instant at,
                              long unreachableAfterSeconds) {
}
