package io.meridian.core.ud.alloc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * allocateByMinMax (§2.4.3): first every subset up to its minimum, then up to its maximum, both in
 * topology order. Earlier subsets fill first; scale-down takes from later subsets first.
 */
public final class MinMaxAllocator extends BoundedAllocator {

    @Override
    Map<String, Integer> allocateWithin(int total, List<SubsetBounds> bounds, AllocationRequest request) {
        return fill(total, bounds);
    }

    /** Fills in two passes; a max below its min (possible after adaptive adjustments) adds nothing in pass 2. */
    static Map<String, Integer> fill(int total, List<SubsetBounds> bounds) {
        Map<String, Integer> next = new LinkedHashMap<>();
        long allocated = 0;
        for (SubsetBounds subset : bounds) {
            long add = clamp(subset.min(), total - allocated);
            next.put(subset.name(), (int) add);
            allocated += add;
        }
        if (allocated >= total) {
            return next;
        }
        for (SubsetBounds subset : bounds) {
            long add = clamp((long) subset.max() - subset.min(), total - allocated);
            next.merge(subset.name(), (int) add, Integer::sum);
            allocated += add;
        }
        return next;
    }

    private static long clamp(long wanted, long available) {
        return Math.max(0, Math.min(wanted, available));
    }
}
