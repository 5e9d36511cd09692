package io.meridian.core.karmada.model;

/** How replicas are divided, derived from {@code placement.replicaScheduling} (§4). */
public enum ReplicaStrategy {
    DUPLICATED, AGGREGATED, DYNAMIC_WEIGHT, STATIC_WEIGHT;

    /**
     * Classifies the placement's replica scheduling as written: absent means Duplicated; an unknown type or
     * division preference (including an empty one) is unsupported.
     */
    public static StrategyClassification classify(ReplicaScheduling scheduling) {
        if (scheduling == null || ReplicaScheduling.DUPLICATED.equals(scheduling.replicaSchedulingType())) {
            return StrategyClassification.supported(DUPLICATED);
        }
        if (!ReplicaScheduling.DIVIDED.equals(scheduling.replicaSchedulingType())) {
            return StrategyClassification.unsupported();
        }
        return switch (scheduling.replicaDivisionPreference()) {
            case ReplicaScheduling.AGGREGATED -> StrategyClassification.supported(AGGREGATED);
            case ReplicaScheduling.WEIGHTED -> StrategyClassification.supported(hasDynamicWeight(scheduling)
                    ? DYNAMIC_WEIGHT : STATIC_WEIGHT);
            default -> StrategyClassification.unsupported();
        };
    }

    private static boolean hasDynamicWeight(ReplicaScheduling scheduling) {
        return scheduling.weightPreference() != null && scheduling.weightPreference().hasDynamicWeight();
    }

    /** Aggregated and DynamicWeight follow the previous assignment and the clusters' capacity (§6.6). */
    public boolean isDynamic() {
        return this == AGGREGATED || this == DYNAMIC_WEIGHT;
    }
}
