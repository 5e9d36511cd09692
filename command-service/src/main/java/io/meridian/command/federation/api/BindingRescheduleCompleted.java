package io.meridian.command.federation.api;

import java.time.Instant;
import java.util.Map;

/**
 * The assignment of a reschedule is in place in the member clusters (for {@code preserveAvailable}:
 * in place and ready). A rebalancer with preserveAvailable reports Successful only after this.
 */
public record BindingRescheduleCompleted(String bindingId, String requestedBy, Map<String, Integer> assignment,
                                         Instant at) {
}
