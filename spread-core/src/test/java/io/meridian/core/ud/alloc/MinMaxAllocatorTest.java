package io.meridian.core.ud.alloc;

import static io.meridian.core.ud.alloc.AllocationFixtures.bounded;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MinMaxAllocatorTest {
    private final MinMaxAllocator allocator = new MinMaxAllocator();

    @Test
    void minimumsFirstThenMaximumsInTopologyOrder() {
        Allocation allocation = allocator.allocate(new AllocationRequest(9,
                List.of(bounded("a", 2, 4), bounded("b", 2, null), bounded("c", 1, 1)), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 4), Map.entry("b", 4), Map.entry("c", 1));
    }

    @Test
    void scaleDownTakesFromLaterSubsetsFirst() {
        Allocation allocation = allocator.allocate(new AllocationRequest(3,
                List.of(bounded("a", 2, 5), bounded("b", 2, 5)), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 1));
    }

    @Test
    void percentagesAreOfSpecReplicas() {
        Allocation allocation = allocator.allocate(new AllocationRequest(10,
                List.of(bounded("a", null, "30%"), bounded("b", null, null)), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 3), Map.entry("b", 7));
    }

    @Test
    void maximumBelowMinimumIsRejected() {
        Allocation allocation = allocator.allocate(new AllocationRequest(10,
                List.of(bounded("a", 1, 2), bounded("b", 3, 2)), Map.of()));
        assertThat(allocation.error()).isEqualTo("subset[1].maxReplicas(2) must be more than or equal to minReplicas(3)");
    }

    @Test
    void unparsableBoundIsRejected() {
        Allocation allocation = allocator.allocate(new AllocationRequest(10, List.of(bounded("a", "x", null)), Map.of()));
        assertThat(allocation.isRejected()).isTrue();
    }

    @Test
    void unsetReplicasAllocatesNothing() {
        Allocation allocation = allocator.allocate(new AllocationRequest(null, List.of(bounded("a", 1, 3)), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 0));
    }
}
