package io.meridian.core.ud.alloc;

/** Decides the next replicas of every subset. Bad input gives a rejected {@link Allocation}, never an exception. */
@FunctionalInterface
public interface Allocator {
    Allocation allocate(AllocationRequest request);
}
