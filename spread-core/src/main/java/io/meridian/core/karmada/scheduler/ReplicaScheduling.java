package io.meridian.core.karmada.scheduler;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** {@code placement.replicaScheduling} as written; the type stays a string because unknown values matter. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReplicaScheduling(String replicaSchedulingType, String replicaDivisionPreference) {
    public static final String DIVIDED = "Divided";
    public static final String DUPLICATED = "Duplicated";

    public boolean isDivided() {
        return DIVIDED.equals(replicaSchedulingType);
    }

    public boolean isDuplicated() {
        return DUPLICATED.equals(replicaSchedulingType);
    }
}
