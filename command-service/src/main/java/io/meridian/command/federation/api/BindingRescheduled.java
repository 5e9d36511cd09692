package io.meridian.command.federation.api;

import java.time.Instant;
import java.util.Map;

/** A fresh reschedule was decided: the new assignment is what the binding now converges to. */
public record BindingRescheduled(String bindingId, String requestedBy, String decisionId,
                                 Map<String, Integer> before, Map<String, Integer> after, Instant at) {
}
