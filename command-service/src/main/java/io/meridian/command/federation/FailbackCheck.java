package io.meridian.command.federation;

import java.time.Instant;

/** The payload of a binding's failback deadline: look at {@code cluster} again at {@code checkAt}. */
public record FailbackCheck(String cluster, Instant healthySince, Integer stabilizationSeconds, Instant checkAt) {
}
