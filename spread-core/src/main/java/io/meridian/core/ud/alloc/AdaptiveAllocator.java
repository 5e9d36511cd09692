package io.meridian.core.ud.alloc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Default Adaptive (§2.4.4): an unschedulable subset keeps only its ready pods and gets no new ones; a healthy
 * subset's ready pods are protected from scale-down. Then allocateByMinMax.
 */
public final class AdaptiveAllocator extends BoundedAllocator {

    @Override
    Map<String, Integer> allocateWithin(int total, List<SubsetBounds> bounds, AllocationRequest request) {
        List<SubsetBounds> adjusted = new ArrayList<>();
        for (SubsetBounds subset : bounds) {
            adjusted.add(adjust(subset, request));
        }
        return MinMaxAllocator.fill(total, adjusted);
    }

    private static SubsetBounds adjust(SubsetBounds bounds, AllocationRequest request) {
        ExistingSubset existing = request.existing(bounds.name()).orElse(null);
        int ready = existing == null ? 0 : existing.readyReplicas();
        if (existing != null && existing.unschedulable()) {
            return new SubsetBounds(bounds.name(), Math.max(ready, bounds.min()), Math.min(ready, bounds.max()));
        }
        if (ready > bounds.min()) {
            return new SubsetBounds(bounds.name(), Math.min(ready, bounds.max()), bounds.max());
        }
        return bounds;
    }
}
