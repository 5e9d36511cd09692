package io.meridian.core.ud.alloc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Adaptive with reserveUnschedulablePods (§2.4.5): pods that cannot be scheduled stay in place as reserved,
 * and only the part of an allocation that can actually run is taken from the rest; substitutes go to later
 * subsets until the reserved pods become ready.
 */
public final class ReservationAllocator extends BoundedAllocator {

    @Override
    Map<String, Integer> allocateWithin(int total, List<SubsetBounds> bounds, AllocationRequest request) {
        Map<String, Slot> slots = new LinkedHashMap<>();
        for (SubsetBounds subset : bounds) {
            slots.put(subset.name(), new Slot(capacityOf(request.existing(subset.name()).orElse(null))));
        }
        long rest = fillToMinimum(total, bounds, slots);
        fillToMaximum(rest, bounds, slots, request);
        Map<String, Integer> next = new LinkedHashMap<>();
        slots.forEach((name, slot) -> next.put(name, (int) slot.allocated));
        return next;
    }

    /** Unlimited unless the subset exists and is (marked) unschedulable: then what is not reserved. */
    private static long capacityOf(ExistingSubset existing) {
        if (existing == null || !(existing.unschedulable() || existing.markedAsUnschedulable())) {
            return Integer.MAX_VALUE;
        }
        return (long) existing.specReplicas() - existing.reservedPods();
    }

    private static long fillToMinimum(long rest, List<SubsetBounds> bounds, Map<String, Slot> slots) {
        for (SubsetBounds subset : bounds) {
            if (rest <= 0) {
                break;
            }
            rest -= slots.get(subset.name()).allocateUpTo(subset.min(), rest);
        }
        return rest;
    }

    /** An unschedulable subset keeps its current size, so its reserved pods are kept. */
    private static void fillToMaximum(long rest, List<SubsetBounds> bounds, Map<String, Slot> slots,
                                      AllocationRequest request) {
        for (SubsetBounds subset : bounds) {
            if (rest <= 0) {
                break;
            }
            ExistingSubset existing = request.existing(subset.name()).orElse(null);
            long target = existing != null && existing.unschedulable() ? existing.specReplicas() : subset.max();
            rest -= slots.get(subset.name()).allocateUpTo(target, rest);
        }
    }

    private static final class Slot {
        private long allocated;
        private long capacity;

        Slot(long capacity) {
            this.capacity = capacity;
        }

        /** Raises the allocation towards {@code target}; returns how much of {@code rest} that consumes. */
        long allocateUpTo(long target, long rest) {
            long add = Math.min(target - allocated, rest);
            allocated += add;
            capacity -= add;
            return capacity < 0 ? Math.max(0, add + capacity) : add;
        }
    }
}
