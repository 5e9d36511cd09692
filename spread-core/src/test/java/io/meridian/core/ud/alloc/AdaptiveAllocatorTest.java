package io.meridian.core.ud.alloc;

import static io.meridian.core.ud.alloc.AllocationFixtures.bounded;
import static io.meridian.core.ud.alloc.AllocationFixtures.pending;
import static io.meridian.core.ud.alloc.AllocationFixtures.ready;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdaptiveAllocatorTest {
    private final AdaptiveAllocator allocator = new AdaptiveAllocator();

    @Test
    void unschedulableSubsetKeepsOnlyItsReadyPodsAboveItsMinimum() {
        Allocation allocation = allocator.allocate(new AllocationRequest(10,
                List.of(bounded("a", 3, 5), bounded("b", null, null)), Map.of("a", pending(5, 1), "b", ready(5))));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 3), Map.entry("b", 7));
    }

    @Test
    void unschedulableSubsetGetsNoNewPodsEvenBelowItsMaximum() {
        Allocation allocation = allocator.allocate(new AllocationRequest(4,
                List.of(bounded("a", 0, null), bounded("b", 0, null)), Map.of("a", pending(2, 0), "b", ready(0))));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 0), Map.entry("b", 4));
    }

    @Test
    void readyPodsOfHealthySubsetAreProtectedFromScaleDown() {
        Allocation allocation = allocator.allocate(new AllocationRequest(4,
                List.of(bounded("a", 0, 2), bounded("b", 0, null), bounded("c", 0, null)),
                Map.of("a", ready(2), "b", ready(0), "c", ready(6))));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 0), Map.entry("c", 2));
    }

    @Test
    void missingWorkloadIsTreatedAsHealthyAndEmpty() {
        Allocation allocation = allocator.allocate(new AllocationRequest(3,
                List.of(bounded("a", 0, 2), bounded("b", 0, null)), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 1));
    }
}
