package io.meridian.core.karmada.model;

import java.util.Optional;

/** The outcome of {@link ReplicaStrategy#classify}: a strategy, or the upstream error text. */
public record StrategyClassification(Optional<ReplicaStrategy> strategy, String error) {
    public static final String UNSUPPORTED = "unsupported replica scheduling strategy";

    public static StrategyClassification supported(ReplicaStrategy strategy) {
        return new StrategyClassification(Optional.of(strategy), "");
    }

    public static StrategyClassification unsupported() {
        return new StrategyClassification(Optional.empty(), UNSUPPORTED);
    }

    public boolean isSupported() {
        return strategy.isPresent();
    }
}
