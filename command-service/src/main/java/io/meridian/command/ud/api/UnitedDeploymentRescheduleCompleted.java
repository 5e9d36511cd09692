package io.meridian.command.ud.api;

import java.time.Instant;
import java.util.Map;

/**
 * A make-before-break reschedule is over: the subsets hold {@code after} with every replica ready, or the
 * UnitedDeployment's spec changed under it and it follows the spec from now on ({@code reason} says which).
 */
public record UnitedDeploymentRescheduleCompleted(String id, String requestedBy, Map<String, Integer> after,
                                                  String reason, Instant at) {
}
