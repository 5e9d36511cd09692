package io.meridian.command.rebalancer.api;

import java.time.Instant;

/** The rebalancer's CR is gone: nothing more is requested, its deadlines are cancelled. */
public record RebalancerRemoved(String id, Instant at) {
}
