package io.meridian.core.ud.alloc;

import java.util.ArrayList;
import java.util.List;

/**
 * Default Adaptive (§2.4.4): an unschedulable subset keeps only its ready pods and gets no new ones; a healthy
 * subset's ready pods are protected from scale-down. Then allocateByMinMax.
 */
public final class AdaptiveAllocator implements Allocator {

    @Override
    public Allocation allocate(AllocationRequest request) {
        int total = request.replicasOr(0);
        SubsetBounds.Parsed parsed = SubsetBounds.parseAll(total, request.subsets());
        if (!parsed.isValid()) {
            return Allocation.rejected(parsed.error());
        }
        List<SubsetBounds> adjusted = new ArrayList<>();
        for (SubsetBounds bounds : parsed.bounds()) {
            adjusted.add(adjust(bounds, request));
        }
        return Allocation.of(MinMaxAllocator.fill(total, adjusted));
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
