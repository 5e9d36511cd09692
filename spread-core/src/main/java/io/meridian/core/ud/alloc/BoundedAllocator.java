package io.meridian.core.ud.alloc;

import java.util.List;
import java.util.Map;

/** The min/max family (minMax, adaptive, reservation): bounds are parsed against spec.replicas (0 when unset). */
abstract class BoundedAllocator implements Allocator {

    @Override
    public final Allocation allocate(AllocationRequest request) {
        int total = request.replicasOr(0);
        SubsetBounds.Parsed parsed = SubsetBounds.parseAll(total, request.subsets());
        if (!parsed.isValid()) {
            return Allocation.rejected(parsed.error());
        }
        return Allocation.of(allocateWithin(total, parsed.bounds(), request));
    }

    /** The next replicas in topology order, given valid bounds. */
    abstract Map<String, Integer> allocateWithin(int total, List<SubsetBounds> bounds, AllocationRequest request);
}
