package io.meridian.core.ud.alloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.ud.model.Subset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class AllocationProperties {

    /** A valid min/max topology: mins and maxes with min <= max, and at least one subset without a max. */
    record MinMaxInput(int replicas, List<SubsetBounds> bounds) {
        AllocationRequest request() {
            List<Subset> subsets = bounds.stream().map(b -> Subset.sized(b.name(), null, new IntOrString(b.min()),
                    b.max() == Integer.MAX_VALUE ? null : new IntOrString(b.max()))).toList();
            return new AllocationRequest(replicas, subsets, Map.of());
        }
    }

    /** A valid specific topology: specified values never exceed replicas; all specified means they sum to it. */
    record SpecificInput(int replicas, List<Subset> subsets, Map<String, ExistingSubset> existing) {
        AllocationRequest request() {
            return new AllocationRequest(replicas, subsets, existing);
        }
    }

    @Provide
    Arbitrary<MinMaxInput> minMaxInputs() {
        Arbitrary<int[]> bound = Combinators.combine(
                Arbitraries.integers().between(0, 50), Arbitraries.integers().between(0, 50),
                Arbitraries.integers().between(0, 3))
                .as((min, extra, unbounded) -> new int[] {min, unbounded == 0 ? Integer.MAX_VALUE : min + extra});
        return Combinators.combine(Arbitraries.integers().between(0, 500), bound.list().ofMinSize(1).ofMaxSize(12))
                .as(AllocationProperties::minMaxInput);
    }

    private static MinMaxInput minMaxInput(int replicas, List<int[]> raw) {
        List<SubsetBounds> bounds = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            boolean last = i == raw.size() - 1;
            bounds.add(new SubsetBounds("s" + i, raw.get(i)[0], last ? Integer.MAX_VALUE : raw.get(i)[1]));
        }
        return new MinMaxInput(replicas, bounds);
    }

    @Provide
    Arbitrary<SpecificInput> specificInputs() {
        Arbitrary<int[]> subset = Combinators.combine(Arbitraries.integers().between(0, 1),
                Arbitraries.integers().between(0, 1000), Arbitraries.integers().between(0, 40))
                .as((specified, fraction, current) -> new int[] {specified, fraction, current});
        return Combinators.combine(Arbitraries.integers().between(0, 5000), subset.list().ofMinSize(1).ofMaxSize(12))
                .as(AllocationProperties::specificInput);
    }

    private static SpecificInput specificInput(int replicas, List<int[]> raw) {
        int share = replicas / raw.size();
        boolean allSpecified = raw.stream().allMatch(r -> r[0] == 1);
        List<Subset> subsets = new ArrayList<>();
        Map<String, ExistingSubset> existing = new LinkedHashMap<>();
        int specifiedSum = 0;
        for (int i = 0; i < raw.size(); i++) {
            String name = "s" + i;
            existing.put(name, ExistingSubset.withReplicas(raw.get(i)[2]));
            if (raw.get(i)[0] == 0) {
                subsets.add(Subset.sized(name, null, null, null));
                continue;
            }
            int value = allSpecified && i == raw.size() - 1 ? replicas - specifiedSum : share * raw.get(i)[1] / 1000;
            specifiedSum += value;
            subsets.add(Subset.sized(name, new IntOrString(value), null, null));
        }
        return new SpecificInput(replicas, subsets, existing);
    }

    /** A valid min/max topology with an observed, possibly unschedulable, workload per subset. */
    record AdaptiveInput(MinMaxInput topology, Map<String, ExistingSubset> existing) {
        AllocationRequest request() {
            return new AllocationRequest(topology.replicas(), topology.request().subsets(), existing);
        }
    }

    @Provide
    Arbitrary<AdaptiveInput> adaptiveInputs() {
        Arbitrary<ExistingSubset> state = Combinators.combine(Arbitraries.integers().between(0, 40),
                Arbitraries.integers().between(0, 40), Arbitraries.of(true, false), Arbitraries.of(true, false))
                .as((spec, notReady, unschedulable, marked) -> new ExistingSubset(spec, spec,
                        spec - Math.min(spec, notReady), unschedulable, marked || unschedulable,
                        unschedulable ? Math.min(spec, notReady) : 0, 0));
        return minMaxInputs().flatMap(topology -> state.list().ofSize(topology.bounds().size()).map(states -> {
            Map<String, ExistingSubset> existing = new LinkedHashMap<>();
            for (int i = 0; i < states.size(); i++) {
                existing.put(topology.bounds().get(i).name(), states.get(i));
            }
            return new AdaptiveInput(topology, existing);
        }));
    }

    @Property
    void everyAllocatorGivesNonNegativeReplicas(@ForAll("adaptiveInputs") AdaptiveInput input) {
        for (AllocatorKind kind : AllocatorKind.values()) {
            Allocation allocation = kind.allocator().allocate(input.request());
            assertThat(allocation.nextReplicas().values()).as(kind.name()).allMatch(n -> n >= 0);
        }
    }

    @Property
    void adaptiveAllocationSumsToReplicasWhileTheUnboundedSubsetIsSchedulable(
            @ForAll("adaptiveInputs") AdaptiveInput input) {
        String unbounded = input.topology().bounds().get(input.topology().bounds().size() - 1).name();
        net.jqwik.api.Assume.that(!input.existing().get(unbounded).unschedulable());
        assertThat(new AdaptiveAllocator().allocate(input.request()).total()).isEqualTo(input.topology().replicas());
    }

    @Property
    void minMaxAllocationsAreNonNegativeAndSumToReplicas(@ForAll("minMaxInputs") MinMaxInput input) {
        Allocation allocation = new MinMaxAllocator().allocate(input.request());
        assertThat(allocation.isRejected()).isFalse();
        assertThat(allocation.nextReplicas().values()).allMatch(n -> n >= 0);
        assertThat(allocation.total()).isEqualTo(input.replicas());
    }

    @Property
    void minMaxAllocationsNeverExceedMaximum(@ForAll("minMaxInputs") MinMaxInput input) {
        Allocation allocation = new MinMaxAllocator().allocate(input.request());
        for (SubsetBounds bounds : input.bounds()) {
            assertThat(allocation.replicasOf(bounds.name())).isLessThanOrEqualTo(bounds.max());
        }
    }

    @Property
    void minMaxAllocationsMeetEveryMinimumWhenReplicasSuffice(@ForAll("minMaxInputs") MinMaxInput input) {
        long minimums = input.bounds().stream().mapToLong(SubsetBounds::min).sum();
        Allocation allocation = new MinMaxAllocator().allocate(input.request());
        for (SubsetBounds bounds : input.bounds()) {
            if (input.replicas() >= minimums) {
                assertThat(allocation.replicasOf(bounds.name())).isGreaterThanOrEqualTo(bounds.min());
            }
        }
    }

    @Property
    void specificAllocatorNeverRejectsValidInput(@ForAll("specificInputs") SpecificInput input) {
        assertThat(new SpecificAllocator().allocate(input.request()).error()).isNull();
    }

    @Property
    void specificAllocationsAreNonNegativeAndSumToReplicas(@ForAll("specificInputs") SpecificInput input) {
        Allocation allocation = new SpecificAllocator().allocate(input.request());
        assertThat(allocation.nextReplicas().values()).allMatch(n -> n >= 0);
        assertThat(allocation.total()).isEqualTo(input.replicas());
        assertThat(allocation.nextReplicas().keySet())
                .containsExactlyElementsOf(input.subsets().stream().map(Subset::name).toList());
    }

    @Property
    void specifiedSubsetsGetExactlyTheirValue(@ForAll("specificInputs") SpecificInput input) {
        Allocation allocation = new SpecificAllocator().allocate(input.request());
        for (Subset subset : input.subsets()) {
            if (subset.replicas() != null) {
                assertThat(allocation.replicasOf(subset.name())).isEqualTo(subset.replicas().getIntVal());
            }
        }
    }
}
