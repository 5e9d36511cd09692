package io.meridian.core.karmada.rebalancer;

import java.util.Map;
import java.util.TreeMap;

/** A resource template in the host cluster and its labels, for {@code spec.workloadSelector}. */
public record ResourceTemplate(WorkloadReference reference, Map<String, String> labels) {
    public ResourceTemplate {
        labels = labels == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(labels));
    }
}
