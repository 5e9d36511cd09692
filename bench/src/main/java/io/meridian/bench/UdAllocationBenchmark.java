package io.meridian.bench;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.ud.alloc.Allocation;
import io.meridian.core.ud.alloc.AllocationRequest;
import io.meridian.core.ud.alloc.AllocatorKind;
import io.meridian.core.ud.alloc.ExistingSubset;
import io.meridian.core.ud.model.Subset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** UnitedDeployment allocation with 1,000 subsets and 100,000 replicas, per allocator. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class UdAllocationBenchmark {
    @Param("1000")
    public int subsets;

    @Param("100000")
    public int replicas;

    private AllocationRequest specific;
    private AllocationRequest minMax;
    private AllocationRequest adaptive;

    @Setup
    public void setUp() {
        List<Subset> specifiedAndShared = new ArrayList<>();
        List<Subset> bounded = new ArrayList<>();
        Map<String, ExistingSubset> existing = new LinkedHashMap<>();
        Map<String, ExistingSubset> partlyUnschedulable = new LinkedHashMap<>();
        int perSubset = replicas / subsets;
        for (int i = 0; i < subsets; i++) {
            String name = "subset-" + i;
            IntOrString fixed = i % 4 == 0 ? new IntOrString(perSubset / 2) : null;
            specifiedAndShared.add(Subset.sized(name, fixed, null, null));
            boolean last = i == subsets - 1;
            bounded.add(Subset.sized(name, null, new IntOrString(i % 3), last ? null : new IntOrString(perSubset + i % 7)));
            int current = (i * 37) % (2 * perSubset + 1);
            existing.put(name, ExistingSubset.withReplicas(current));
            partlyUnschedulable.put(name, new ExistingSubset(current, current, current / 2, i % 10 == 0, false, 0,
                    current - current / 2));
        }
        specific = new AllocationRequest(replicas, specifiedAndShared, existing);
        minMax = new AllocationRequest(replicas, bounded, existing);
        adaptive = new AllocationRequest(replicas, bounded, partlyUnschedulable);
    }

    @Benchmark
    public Allocation specificAllocator() {
        return AllocatorKind.SPECIFIC.allocator().allocate(specific);
    }

    @Benchmark
    public Allocation minMaxAllocator() {
        return AllocatorKind.MIN_MAX.allocator().allocate(minMax);
    }

    @Benchmark
    public Allocation adaptiveAllocator() {
        return AllocatorKind.ADAPTIVE.allocator().allocate(adaptive);
    }

    @Benchmark
    public Allocation reservationAllocator() {
        return AllocatorKind.RESERVATION.allocator().allocate(adaptive);
    }
}
