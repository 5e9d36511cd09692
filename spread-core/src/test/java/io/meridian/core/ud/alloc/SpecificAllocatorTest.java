package io.meridian.core.ud.alloc;

import static io.meridian.core.ud.alloc.AllocationFixtures.fixed;
import static io.meridian.core.ud.alloc.AllocationFixtures.plain;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpecificAllocatorTest {
    private final SpecificAllocator allocator = new SpecificAllocator();

    @Test
    void remainderGoesToSubsetsHoldingMostReplicas() {
        Allocation allocation = allocator.allocate(new AllocationRequest(5,
                List.of(plain("t1"), plain("t2"), plain("t3"), plain("t4")),
                Map.of("t1", ExistingSubset.withReplicas(1), "t2", ExistingSubset.withReplicas(4),
                        "t3", ExistingSubset.withReplicas(2), "t4", ExistingSubset.withReplicas(2))));
        assertThat(allocation.nextReplicas()).containsExactly(
                Map.entry("t1", 1), Map.entry("t2", 2), Map.entry("t3", 1), Map.entry("t4", 1));
    }

    @Test
    void equalCurrentReplicasBreakTiesByLargerNameFirst() {
        Allocation allocation = allocator.allocate(new AllocationRequest(3, List.of(plain("a"), plain("b")), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 1), Map.entry("b", 2));
    }

    @Test
    void specifiedSubsetsKeepTheirValueAndOthersShareTheRest() {
        Allocation allocation = allocator.allocate(new AllocationRequest(10,
                List.of(fixed("a", 3), fixed("b", "50%"), plain("c")), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 3), Map.entry("b", 5), Map.entry("c", 2));
    }

    @Test
    void specifiedSumAboveReplicasIsRejected() {
        Allocation allocation = allocator.allocate(new AllocationRequest(14,
                List.of(fixed("t1", 10), fixed("t2", 11)), Map.of()));
        assertThat(allocation.error())
                .isEqualTo("specified subsets' replica (21) is greater than UnitedDeployment replica (14)");
    }

    @Test
    void allSpecifiedBelowReplicasIsRejected() {
        Allocation allocation = allocator.allocate(new AllocationRequest(14,
                List.of(fixed("t1", 6), fixed("t2", 6)), Map.of()));
        assertThat(allocation.error())
                .isEqualTo("specified subsets' replica (12) is less than UnitedDeployment replica (14)");
    }

    @Test
    void unsetReplicasNeedsEverySubsetSpecified() {
        Allocation allocation = allocator.allocate(new AllocationRequest(null,
                List.of(fixed("t1", 6), plain("t2")), Map.of()));
        assertThat(allocation.error())
                .isEqualTo("all subsets must be specified when UnitedDeployment replica is unspecified");
    }

    @Test
    void unsetReplicasWithEverySubsetSpecifiedUsesTheValues() {
        Allocation allocation = allocator.allocate(new AllocationRequest(null,
                List.of(fixed("t1", 6), fixed("t2", 1)), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("t1", 6), Map.entry("t2", 1));
    }

    @Test
    void unparsablePercentageCountsAsUnspecified() {
        Allocation allocation = allocator.allocate(new AllocationRequest(4,
                List.of(fixed("a", "bad%"), plain("b")), Map.of()));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 2), Map.entry("b", 2));
    }

    @Test
    void zeroReplicasGivesEverySubsetZero() {
        Allocation allocation = allocator.allocate(new AllocationRequest(0,
                List.of(plain("a"), plain("b")), Map.of("a", ExistingSubset.withReplicas(3))));
        assertThat(allocation.nextReplicas()).containsExactly(Map.entry("a", 0), Map.entry("b", 0));
    }
}
