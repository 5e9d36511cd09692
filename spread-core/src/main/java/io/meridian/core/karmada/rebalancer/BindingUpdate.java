package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.scheduler.BindingKey;
import java.time.Instant;

/** Set {@code spec.rescheduleTriggeredAt} of a binding (always to the rebalancer's creationTimestamp). */
public record BindingUpdate(BindingKey key, Instant rescheduleTriggeredAt) {
}
