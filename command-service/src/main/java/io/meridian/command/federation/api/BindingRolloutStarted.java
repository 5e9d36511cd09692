package io.meridian.command.federation.api;

import java.time.Instant;
import java.util.Map;

/**
 * A reschedule with {@code preserveAvailable} moves make-before-break: the member clusters are stepped towards
 * {@code target} while the available replicas stay at or above {@code availableAtStart} (capped by the target).
 */
public record BindingRolloutStarted(String bindingId, String requestedBy, Map<String, Integer> target,
                                    int availableAtStart, Instant at) {
}
