package io.meridian.core.ud.alloc;

import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.UdScheduleStrategy;
import java.util.List;

/** The four allocators and the rule of §2.4.1 that picks one. */
public enum AllocatorKind {
    SPECIFIC(new SpecificAllocator()),
    MIN_MAX(new MinMaxAllocator()),
    ADAPTIVE(new AdaptiveAllocator()),
    RESERVATION(new ReservationAllocator());

    private final Allocator allocator;

    AllocatorKind(Allocator allocator) {
        this.allocator = allocator;
    }

    public Allocator allocator() {
        return allocator;
    }

    public static AllocatorKind select(UdScheduleStrategy strategy, List<Subset> subsets) {
        if (strategy != null && strategy.isReservation()) {
            return RESERVATION;
        }
        if (strategy != null && strategy.isAdaptive()) {
            return ADAPTIVE;
        }
        return subsets.stream().anyMatch(Subset::hasMinOrMax) ? MIN_MAX : SPECIFIC;
    }

    /** Selects the allocator for the strategy and subsets and runs it. */
    public static Allocation allocate(UdScheduleStrategy strategy, AllocationRequest request) {
        return select(strategy, request.subsets()).allocator().allocate(request);
    }
}
