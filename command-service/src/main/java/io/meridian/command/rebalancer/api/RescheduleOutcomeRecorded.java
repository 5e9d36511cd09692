package io.meridian.command.rebalancer.api;

import java.time.Instant;

/** The answer of a target, as the rebalancer took it in (the next reconcile reads it). */
public record RescheduleOutcomeRecorded(String id, String targetId, RescheduleOutcome outcome, Instant at) {
}
