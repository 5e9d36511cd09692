package io.meridian.core.ud.alloc;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome of an allocator: the next replicas per subset (in topology order), or the reason the input
 * was rejected. A rejected allocation leaves every subset at its current replicas.
 */
public record Allocation(Map<String, Integer> nextReplicas, String error) {

    public Allocation {
        nextReplicas = Collections.unmodifiableMap(new LinkedHashMap<>(nextReplicas));
    }

    public static Allocation of(Map<String, Integer> nextReplicas) {
        return new Allocation(nextReplicas, null);
    }

    public static Allocation rejected(String error) {
        return new Allocation(Map.of(), error);
    }

    public boolean isRejected() {
        return error != null;
    }

    public int replicasOf(String subset) {
        return nextReplicas.getOrDefault(subset, 0);
    }

    public int total() {
        return nextReplicas.values().stream().mapToInt(Integer::intValue).sum();
    }
}
