package io.meridian.core.karmada.rebalancer;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The make-before-break planner against a simulated rollout: each step is applied (a scale-down removes not-ready
 * replicas first), then readiness progresses by arbitrary amounts.
 */
class MakeBeforeBreakPlannerProperties {
    private static final List<String> CLUSTERS = List.of("a", "b", "c", "d");

    record Scenario(Map<String, Integer> current, Map<String, Integer> ready, Map<String, Integer> target,
                    List<List<Integer>> progress) {
    }

    @Provide
    Arbitrary<Scenario> scenarios() {
        Arbitrary<List<Integer>> counts = Arbitraries.integers().between(0, 6).list().ofSize(CLUSTERS.size());
        Arbitrary<List<Integer>> readiness = Arbitraries.integers().between(0, 1).list().ofSize(CLUSTERS.size());
        Arbitrary<List<List<Integer>>> progress = Arbitraries.integers().between(0, 3).list()
                .ofSize(CLUSTERS.size()).list().ofMaxSize(12);
        return Combinators.combine(counts, readiness, counts, progress).as((current, readyMask, target, steps) -> {
            Map<String, Integer> cur = byCluster(current);
            Map<String, Integer> ready = new TreeMap<>();
            for (int i = 0; i < CLUSTERS.size(); i++) {
                // start from an arbitrary ready level at or below the current assignment
                ready.put(CLUSTERS.get(i), readyMask.get(i) == 1 ? current.get(i) : current.get(i) / 2);
            }
            return new Scenario(cur, ready, byCluster(target), steps);
        });
    }

    @Property
    void availableNeverFallsBelowTheStartingLevel(@ForAll("scenarios") Scenario scenario) {
        Rollout rollout = new Rollout(scenario);
        for (List<Integer> increments : scenario.progress()) {
            rollout.applyNextStep();
            assertThat(rollout.available()).isGreaterThanOrEqualTo(rollout.floor);
            rollout.progress(increments);
            assertThat(rollout.available()).isGreaterThanOrEqualTo(rollout.floor);
        }
    }

    @Property
    void convergesToTheTargetOnceReplicasBecomeReady(@ForAll("scenarios") Scenario scenario) {
        Rollout rollout = new Rollout(scenario);
        scenario.progress().forEach(increments -> {
            rollout.applyNextStep();
            rollout.progress(increments);
        });
        boolean complete = false;
        for (int round = 0; round < 10 && !complete; round++) {
            complete = rollout.applyNextStep();
            rollout.makeAllReady();
            assertThat(rollout.available()).isGreaterThanOrEqualTo(rollout.floor);
        }
        assertThat(complete).isTrue();
        assertThat(rollout.current).isEqualTo(withZeros(scenario.target()));
    }

    /** The simulated workload. */
    private static final class Rollout {
        private final Map<String, Integer> current;
        private final Map<String, Integer> ready;
        private final Map<String, Integer> target;
        private final int start;
        private final int floor;

        Rollout(Scenario scenario) {
            current = new TreeMap<>(scenario.current());
            ready = new TreeMap<>(scenario.ready());
            target = scenario.target();
            start = available();
            floor = Math.min(start, target.values().stream().mapToInt(Integer::intValue).sum());
        }

        boolean applyNextStep() {
            MakeBeforeBreakStep step = MakeBeforeBreakPlanner.nextStep(toList(current), toList(target), toList(ready),
                    start);
            assertThat(step.availableFloor()).isEqualTo(floor);
            Map<String, Integer> desired = withZeros(byName(step.desired()));
            current.replaceAll((c, n) -> desired.getOrDefault(c, 0));
            ready.replaceAll((c, r) -> Math.min(r, current.get(c)));
            return step.complete();
        }

        void progress(List<Integer> increments) {
            for (int i = 0; i < CLUSTERS.size(); i++) {
                String c = CLUSTERS.get(i);
                ready.put(c, Math.min(current.get(c), ready.get(c) + increments.get(i)));
            }
        }

        void makeAllReady() {
            ready.putAll(current);
        }

        int available() {
            return MakeBeforeBreakPlanner.available(toList(current), toList(ready));
        }
    }

    private static Map<String, Integer> byCluster(List<Integer> counts) {
        Map<String, Integer> map = new TreeMap<>();
        for (int i = 0; i < CLUSTERS.size(); i++) {
            map.put(CLUSTERS.get(i), counts.get(i));
        }
        return map;
    }

    private static Map<String, Integer> byName(List<TargetCluster> clusters) {
        Map<String, Integer> map = new TreeMap<>();
        clusters.forEach(c -> map.put(c.name(), c.replicas()));
        return map;
    }

    private static Map<String, Integer> withZeros(Map<String, Integer> assignment) {
        Map<String, Integer> full = new TreeMap<>();
        CLUSTERS.forEach(c -> full.put(c, assignment.getOrDefault(c, 0)));
        return full;
    }

    private static List<TargetCluster> toList(Map<String, Integer> assignment) {
        List<TargetCluster> list = new ArrayList<>();
        assignment.forEach((c, n) -> list.add(new TargetCluster(c, n)));
        return list;
    }
}
