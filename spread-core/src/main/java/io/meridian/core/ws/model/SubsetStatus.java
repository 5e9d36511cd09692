package io.meridian.core.ws.model;

import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One status row. {@code missingReplicas} -1 means unlimited. The maps are sorted by key so that
 * equal statuses serialise to identical bytes.
 */
public record SubsetStatus(String name, int replicas, int missingReplicas,
                           Map<String, Instant> creatingPods, Map<String, Instant> deletingPods,
                           List<Condition> conditions) {
    public SubsetStatus {
        creatingPods = creatingPods == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(creatingPods));
        deletingPods = deletingPods == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(deletingPods));
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
    }
}
