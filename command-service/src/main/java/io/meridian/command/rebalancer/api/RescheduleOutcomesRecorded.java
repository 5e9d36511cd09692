package io.meridian.command.rebalancer.api;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/** Answers of targets, by target id, as the rebalancer took them in (the next reconcile reads them). */
public record RescheduleOutcomesRecorded(String id, Map<String, RescheduleOutcome> outcomes, Instant at) {
    public RescheduleOutcomesRecorded {
        outcomes = java.util.Collections.unmodifiableMap(new TreeMap<>(outcomes));
    }
}
