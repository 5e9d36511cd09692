package io.meridian.command.ud.api;

import java.time.Instant;
import java.util.Map;

/**
 * A fresh allocation was decided for a rebalancer: subset to replicas before and after. {@code availableAtStart}
 * is set when it is put in place make-before-break (preserveAvailable): the ready replicas then, which the subsets
 * never drop below until {@link UnitedDeploymentRescheduleCompleted}; null when it is applied at once.
 */
public record UnitedDeploymentRescheduled(String id, String requestedBy, String decisionId,
                                          Map<String, Integer> before, Map<String, Integer> after, Instant at,
                                          Integer availableAtStart) {
    public UnitedDeploymentRescheduled(String id, String requestedBy, String decisionId, Map<String, Integer> before,
                                       Map<String, Integer> after, Instant at) {
        this(id, requestedBy, decisionId, before, after, at, null);
    }
}
