package io.meridian.command.federation.api;

import java.time.Instant;

/**
 * {@code cluster} has been healthy for {@code failback.stabilizationSeconds}: a fresh reschedule is asked, as a
 * {@link RescheduleBinding} with requestedBy {@code failback}.
 */
public record BindingFailbackDue(String bindingId, String cluster, Instant healthySince, Instant at) {
}
