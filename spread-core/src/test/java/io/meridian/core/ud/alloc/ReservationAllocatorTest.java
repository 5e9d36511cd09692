package io.meridian.core.ud.alloc;

import static io.meridian.core.ud.alloc.AllocationFixtures.bounded;
import static io.meridian.core.ud.alloc.AllocationFixtures.pending;
import static io.meridian.core.ud.alloc.AllocationFixtures.ready;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReservationAllocatorTest {
    private final ReservationAllocator allocator = new ReservationAllocator();

    @Test
    void reservedPodsStayAndSubstitutesGoToLaterSubsets() {
        Allocation allocation = allocator.allocate(new AllocationRequest(2,
                List.of(bounded("a", null, null), bounded("b", null, null), bounded("c", null, null)),
                Map.of("a", pending(2, 0), "b", ready(0), "c", ready(0))));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 2), Map.entry("c", 0));
    }

    @Test
    void substitutesShrinkAsReservedPodsBecomeReady() {
        Allocation allocation = allocator.allocate(new AllocationRequest(2,
                List.of(bounded("a", null, null), bounded("b", null, null)),
                Map.of("a", pending(2, 1), "b", ready(2))));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 1));
    }

    @Test
    void recoveredSubsetTakesEverythingBack() {
        Allocation allocation = allocator.allocate(new AllocationRequest(2,
                List.of(bounded("a", null, null), bounded("b", null, null)),
                Map.of("a", ready(2), "b", ready(2))));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 0));
    }

    @Test
    void minimumsAreMetBeforeMaximums() {
        Allocation allocation = allocator.allocate(new AllocationRequest(2,
                List.of(bounded("a", 1, null), bounded("b", 1, null), bounded("c", 0, null)), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 1), Map.entry("b", 1), Map.entry("c", 0));
    }
}
