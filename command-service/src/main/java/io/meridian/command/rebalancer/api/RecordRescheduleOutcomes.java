package io.meridian.command.rebalancer.api;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * What targets answered to a rebalancer's requests, or later reported, by target id (a binding or UnitedDeployment
 * aggregate id). One command per batch of requests: a rebalancer naming 5,000 workloads reconciles once for their
 * answers, not 5,000 times.
 */
public record RecordRescheduleOutcomes(@TargetAggregateIdentifier String id, Map<String, RescheduleOutcome> outcomes,
                                       Instant at) {
    public RecordRescheduleOutcomes {
        outcomes = java.util.Collections.unmodifiableMap(new TreeMap<>(outcomes));
    }

    public static RecordRescheduleOutcomes one(String id, String targetId, RescheduleOutcome outcome, Instant at) {
        return new RecordRescheduleOutcomes(id, Map.of(targetId, outcome), at);
    }
}
