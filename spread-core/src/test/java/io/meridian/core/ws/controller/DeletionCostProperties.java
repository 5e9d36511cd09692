package io.meridian.core.ws.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.ActivePodsOrder;
import io.meridian.core.k8s.TestPods;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The ActivePods order is a total preorder, and the costs of a sync keep the §1.8 ranking. */
class DeletionCostProperties {
    private static final Instant T = Instant.parse("2024-06-01T12:00:00Z");

    /** Enough of a pod's state to exercise every rule of the ActivePods order, with many ties. */
    record PodState(boolean assigned, String phase, Optional<Integer> readyAgo, int restarts, Optional<Integer> createdAgo) {
        Pod toPod(String name) {
            TestPods pod = TestPods.pod(name).phase(phase).restarts(restarts);
            if (assigned) {
                pod.onNode("node-1");
            }
            readyAgo.ifPresent(ago -> pod.ready(ago < 0 ? null : T.minusSeconds(ago)));
            createdAgo.ifPresent(ago -> pod.created(T.minusSeconds(ago)));
            return pod.build();
        }
    }

    @Provide
    Arbitrary<PodState> podStates() {
        return Combinators.combine(Arbitraries.of(true, false), Arbitraries.of("", "Pending", "Unknown", "Running"),
                Arbitraries.integers().between(-1, 2).optional(), Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(0, 2).optional()).as(PodState::new);
    }

    @Provide
    Arbitrary<Pod> pods() {
        return podStates().map(s -> s.toPod("p"));
    }

    private static int sign(int x) {
        return Integer.signum(x);
    }

    @Property
    void orderIsAntisymmetric(@ForAll("pods") Pod a, @ForAll("pods") Pod b) {
        assertThat(sign(ActivePodsOrder.DELETE_FIRST.compare(a, b))).isEqualTo(-sign(ActivePodsOrder.DELETE_FIRST.compare(b, a)));
    }

    @Property
    void orderIsTransitive(@ForAll("pods") Pod a, @ForAll("pods") Pod b, @ForAll("pods") Pod c) {
        var order = ActivePodsOrder.DELETE_FIRST;
        if (order.compare(a, b) <= 0 && order.compare(b, c) <= 0) {
            assertThat(order.compare(a, c)).isLessThanOrEqualTo(0);
        }
        if (order.compare(a, b) < 0 && order.compare(b, c) < 0) {
            assertThat(order.compare(a, c)).isNegative();
        }
    }

    @Property
    void podsThatTieCompareAlikeWithEveryOtherPod(@ForAll("pods") Pod a, @ForAll("pods") Pod b, @ForAll("pods") Pod c) {
        var order = ActivePodsOrder.DELETE_FIRST;
        if (order.compare(a, b) == 0) {
            assertThat(sign(order.compare(a, c))).isEqualTo(sign(order.compare(b, c)));
        }
    }

    @Property
    void orderIsReflexive(@ForAll("pods") Pod a) {
        assertThat(ActivePodsOrder.DELETE_FIRST.compare(a, a)).isZero();
    }

    // ---- costs -------------------------------------------------------------------------------

    /** One subset of a generated spread: its maxReplicas (empty: unlimited) and its pods. */
    record GeneratedSubset(Optional<Integer> max, int min, List<PodState> pods) {
    }

    @Provide
    Arbitrary<List<GeneratedSubset>> spreads() {
        return spreads(Arbitraries.just(0));
    }

    @Provide
    Arbitrary<List<GeneratedSubset>> spreadsWithMinimums() {
        return spreads(Arbitraries.integers().between(0, 3));
    }

    private Arbitrary<List<GeneratedSubset>> spreads(Arbitrary<Integer> minimums) {
        Arbitrary<GeneratedSubset> subset = Combinators.combine(Arbitraries.integers().between(0, 4).optional(),
                minimums, podStates().list().ofMaxSize(6)).as(GeneratedSubset::new);
        return subset.list().ofMinSize(1).ofMaxSize(4);
    }

    private record Costed(int subset, List<Integer> costs) {
    }

    private static List<Costed> costsOfSync(List<GeneratedSubset> generated) {
        List<WorkloadSpreadSubset> subsets = new ArrayList<>();
        List<Pod> pods = new ArrayList<>();
        List<List<Pod>> podsBySubset = new ArrayList<>();
        for (int i = 0; i < generated.size(); i++) {
            String name = "s" + i;
            subsets.add(Fixtures.subsetWithMin(name, generated.get(i).max().orElse(null), generated.get(i).min()));
            List<Pod> own = new ArrayList<>();
            for (int j = 0; j < generated.get(i).pods().size(); j++) {
                PodState s = generated.get(i).pods().get(j);
                Pod pod = Fixtures.inSubset(name + "-" + j, name).build();
                Pod shaped = s.toPod(name + "-" + j);
                pod.setSpec(shaped.getSpec());
                pod.setStatus(shaped.getStatus());
                pod.getMetadata().setCreationTimestamp(shaped.getMetadata().getCreationTimestamp());
                own.add(pod);
            }
            pods.addAll(own);
            podsBySubset.add(own);
        }
        SyncDecision d = Fixtures.sync(Fixtures.input(Fixtures.spread(subsets), 10, pods));
        List<Costed> costed = new ArrayList<>();
        for (int i = 0; i < podsBySubset.size(); i++) {
            List<Integer> costs = podsBySubset.get(i).stream().map(p -> Integer.parseInt(Fixtures.costAfter(d, p))).toList();
            costed.add(new Costed(i, costs));
        }
        return costed;
    }

    @Property
    void overflowPodsOfASubsetCostLessThanItsKeptPods(@ForAll("spreads") List<GeneratedSubset> spread) {
        for (Costed c : costsOfSync(spread)) {
            List<Integer> overflow = c.costs().stream().filter(x -> x < 0).toList();
            List<Integer> kept = c.costs().stream().filter(x -> x > 0).toList();
            int max = spread.get(c.subset()).max().orElse(Integer.MAX_VALUE);
            assertThat(overflow).hasSize(Math.max(0, c.costs().size() - max));
            assertThat(kept).hasSize(c.costs().size() - overflow.size());
            overflow.forEach(o -> assertThat(kept).allMatch(k -> k > o));
        }
    }

    @Property
    void laterSubsetsCostLessThanEarlierOnes(@ForAll("spreads") List<GeneratedSubset> spread) {
        List<Costed> costed = costsOfSync(spread);
        for (int i = 0; i < costed.size(); i++) {
            for (int j = i + 1; j < costed.size(); j++) {
                for (int earlier : costed.get(i).costs()) {
                    for (int later : costed.get(j).costs()) {
                        if (Integer.signum(earlier) == Integer.signum(later)) {
                            assertThat(later).isLessThan(earlier);
                        }
                    }
                }
            }
        }
    }

    @Property
    void podsHoldingAMinimumCostMoreThanAnyOtherPod(@ForAll("spreadsWithMinimums") List<GeneratedSubset> spread) {
        int top = DeletionCosts.minimumHolderCost(spread.size());
        List<Costed> costed = costsOfSync(spread);
        for (Costed c : costed) {
            int min = spread.get(c.subset()).min();
            assertThat(c.costs().stream().filter(x -> x == top)).hasSize(Math.min(min, c.costs().size()));
        }
        assertThat(costed.stream().flatMap(c -> c.costs().stream())).allMatch(x -> x <= top);
    }
}
