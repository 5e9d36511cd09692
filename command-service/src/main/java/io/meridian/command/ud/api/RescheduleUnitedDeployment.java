package io.meridian.command.ud.api;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * A rebalancer's fresh allocation of a UnitedDeployment, ignoring current subset sizes (ext §7); with
 * {@code preserveAvailable} it is put in place make-before-break. Answers a
 * {@link io.meridian.command.federation.api.ReschedulePlan} keyed by subset; fails with AggregateNotFoundException
 * when the UnitedDeployment is unknown.
 */
public record RescheduleUnitedDeployment(@TargetAggregateIdentifier String id, String requestedBy,
                                         boolean preserveAvailable, Instant at) {
    public RescheduleUnitedDeployment(String id, String requestedBy, Instant at) {
        this(id, requestedBy, false, at);
    }
}
