package io.meridian.command.federation.api;

import java.time.Instant;

/** A cluster this binding failed over from is healthy again; at {@code checkAt} it has been stable long enough. */
public record BindingFailbackScheduled(String bindingId, String cluster, Instant healthySince, Instant checkAt) {
}
