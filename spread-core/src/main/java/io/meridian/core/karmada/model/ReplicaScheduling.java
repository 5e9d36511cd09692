package io.meridian.core.karmada.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * {@code placement.replicaScheduling} exactly as written (no defaulting, see {@link #withWebhookDefaults()}).
 * {@code weightPreference} is null when absent.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReplicaScheduling(String replicaSchedulingType, String replicaDivisionPreference,
                                WeightPreference weightPreference) {
    public static final String DUPLICATED = "Duplicated";
    public static final String DIVIDED = "Divided";
    public static final String AGGREGATED = "Aggregated";
    public static final String WEIGHTED = "Weighted";

    public ReplicaScheduling {
        replicaSchedulingType = replicaSchedulingType == null ? "" : replicaSchedulingType;
        replicaDivisionPreference = replicaDivisionPreference == null ? "" : replicaDivisionPreference;
    }

    public boolean isDivided() {
        return DIVIDED.equals(replicaSchedulingType);
    }

    public boolean isDuplicated() {
        return DUPLICATED.equals(replicaSchedulingType);
    }

    public static ReplicaScheduling duplicated() {
        return new ReplicaScheduling(DUPLICATED, "", null);
    }

    public static ReplicaScheduling aggregated() {
        return new ReplicaScheduling(DIVIDED, AGGREGATED, null);
    }

    public static ReplicaScheduling weighted(WeightPreference preference) {
        return new ReplicaScheduling(DIVIDED, WEIGHTED, preference);
    }

    /** What the CRD and mutating webhook store: an empty type becomes Divided, Divided without preference Weighted. */
    public ReplicaScheduling withWebhookDefaults() {
        String type = replicaSchedulingType.isEmpty() ? DIVIDED : replicaSchedulingType;
        String preference = DIVIDED.equals(type) && replicaDivisionPreference.isEmpty()
                ? WEIGHTED : replicaDivisionPreference;
        return new ReplicaScheduling(type, preference, weightPreference);
    }
}
