package io.meridian.core.ud.alloc;

import io.meridian.core.ud.model.Subset;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The inputs of an allocator. {@code replicas} null means the UD's {@code spec.replicas} is unset.
 * {@code existing} holds the observed subset workloads by subset name; a missing entry means no workload.
 */
public record AllocationRequest(Integer replicas, List<Subset> subsets, Map<String, ExistingSubset> existing) {

    public AllocationRequest {
        subsets = List.copyOf(subsets);
        existing = existing == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(existing));
    }

    public Optional<ExistingSubset> existing(String subset) {
        return Optional.ofNullable(existing.get(subset));
    }

    /** spec.replicas, or {@code whenUnset} when it is nil. */
    public int replicasOr(int whenUnset) {
        return replicas == null ? whenUnset : replicas;
    }
}
