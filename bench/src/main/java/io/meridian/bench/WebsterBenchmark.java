package io.meridian.bench;

import io.meridian.core.karmada.division.AssignmentRequest;
import io.meridian.core.karmada.division.AssignmentResult;
import io.meridian.core.karmada.division.PartySeats;
import io.meridian.core.karmada.division.ReplicaAssigner;
import io.meridian.core.karmada.division.TieBreaker;
import io.meridian.core.karmada.division.WebsterApportionment;
import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.StaticClusterWeight;
import io.meridian.core.karmada.model.WeightPreference;
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

/** Webster division of 100,000 replicas over 1,000 clusters: the primitive and the static-weight entry point. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class WebsterBenchmark {
    private static final String UID = "d43fdeeb-d750-4e2b-bee3-64eb94534f4c";

    @Param("100000")
    int replicas;

    @Param("1000")
    int clusters;

    private Map<String, Long> votes;
    private TieBreaker tieBreaker;
    private AssignmentRequest staticWeightRequest;

    @Setup
    public void setUp() {
        votes = new LinkedHashMap<>();
        List<ClusterCandidate> candidates = new ArrayList<>(clusters);
        List<StaticClusterWeight> rules = new ArrayList<>(clusters);
        for (int i = 0; i < clusters; i++) {
            String name = String.format("member-%04d", i);
            long weight = 1 + (i * 7L) % 13;
            votes.put(name, weight);
            candidates.add(ClusterCandidate.named(name));
            rules.add(new StaticClusterWeight(ClusterAffinity.ofNames(List.of(name)), weight));
        }
        tieBreaker = TieBreaker.forWorkload(UID);
        staticWeightRequest = AssignmentRequest.builder(candidates,
                ReplicaScheduling.weighted(WeightPreference.staticWeights(rules)), replicas).uid(UID).build();
    }

    @Benchmark
    public List<PartySeats> webster() {
        return WebsterApportionment.allocate(replicas, votes, Map.of(), tieBreaker);
    }

    @Benchmark
    public AssignmentResult staticWeightAssignment() {
        return ReplicaAssigner.assign(staticWeightRequest);
    }
}
