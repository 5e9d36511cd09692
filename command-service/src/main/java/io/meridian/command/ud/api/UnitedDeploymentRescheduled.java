package io.meridian.command.ud.api;

import java.time.Instant;
import java.util.Map;

/** A fresh allocation was decided for a rebalancer: subset to replicas before and after. */
public record UnitedDeploymentRescheduled(String id, String requestedBy, String decisionId,
                                          Map<String, Integer> before, Map<String, Integer> after, Instant at) {
}
