package io.meridian.core.ws.admission;

import static io.meridian.core.ws.admission.Fixtures.CLONESET;
import static io.meridian.core.ws.admission.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
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

/**
 * Under any interleaving of pod creations, admission retries and deletions, no subset ever holds more
 * pods (active ones plus creating reservations) than its maxReplicas.
 */
class AdmissionCapacityProperties {

    sealed interface Step {
    }

    /** A new pod; without a name it is keyed by a generated id. */
    record Create(boolean named) implements Step {
    }

    /** The webhook is called again for a pod it already admitted (same name). */
    record Retry(int pick) implements Step {
    }

    /** A pod is deleted or evicted. */
    record Delete(int pick) implements Step {
    }

    record Bounds(Integer max, int min) {
    }

    @Property(tries = 300)
    void admissionsNeverExceedMaxReplicas(@ForAll("bounds") List<Bounds> bounds, @ForAll("steps") List<Step> steps) {
        Cluster cluster = new Cluster(bounds);
        for (Step step : steps) {
            cluster.run(step);
            cluster.subsetSizes().forEach((subset, size) -> {
                Integer max = cluster.maxOf(subset);
                if (max != null) {
                    assertThat(size).as("pods in %s after %s", subset, step).isLessThanOrEqualTo(max);
                }
            });
        }
    }

    @Provide
    Arbitrary<List<Bounds>> bounds() {
        Arbitrary<Bounds> one = Combinators.combine(Arbitraries.integers().between(0, 4).injectNull(0.2),
                Arbitraries.integers().between(0, 4)).as((max, min) -> new Bounds(max, max == null ? min : Math.min(min, max)));
        return one.list().ofMinSize(2).ofMaxSize(4);
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Step> step = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, Arbitraries.of(true, false).map(Create::new)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 50).map(Retry::new)),
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0, 50).map(Delete::new)));
        return step.list().ofMaxSize(40);
    }

    /** The pods that exist and the spread's status as the webhook persisted it. */
    private static final class Cluster {
        private final List<WorkloadSpreadSubset> subsets = new ArrayList<>();
        private final Map<String, String> podSubset = new LinkedHashMap<>();
        private WorkloadSpread spread;
        private int created;

        Cluster(List<Bounds> bounds) {
            for (int i = 0; i < bounds.size(); i++) {
                Bounds b = bounds.get(i);
                subsets.add(Fixtures.subset("s" + i, b.max() == null ? null : new IntOrString(b.max()), b.min()));
            }
            spread = Fixtures.spread("ws", CLONESET, subsets, List.of());
        }

        Integer maxOf(String subset) {
            return subsets.stream().filter(s -> s.name().equals(subset)).findFirst()
                    .map(s -> s.maxReplicas() == null ? null : s.maxReplicas().getIntVal()).orElse(null);
        }

        Map<String, Integer> subsetSizes() {
            Map<String, Integer> sizes = new LinkedHashMap<>();
            podSubset.values().stream().filter(s -> !s.isEmpty()).forEach(s -> sizes.merge(s, 1, Integer::sum));
            return sizes;
        }

        void run(Step step) {
            if (step instanceof Create create) {
                admit(create.named() ? "pod-" + created : "", "gen-" + created++);
            } else if (step instanceof Retry retry) {
                named(retry.pick()).ifPresent(name -> admit(name, "gen-" + created++));
            } else if (step instanceof Delete delete) {
                pick(delete.pick()).ifPresent(this::delete);
            }
        }

        private void admit(String name, String generatedId) {
            ObjectNode pod = Fixtures.clonesetPod(name);
            PodCreationRequest request = new PodCreationRequest(pod, List.of(ListedSpread.live(spread)), ClusterObjects.none(),
                    AdmissionSettings.defaults(), NOW, generatedId, Map.of());
            AdmissionResult result = new PodCreationAdmission().decide(request);
            spread = apply(result.statusChange());
            String key = name.isEmpty() ? generatedId : name;
            podSubset.put(key, result.decision() instanceof AdmissionDecision.Patch patch ? patch.subset() : "");
        }

        private void delete(String key) {
            ObjectNode pod = Fixtures.clonesetPod(key);
            String subset = podSubset.remove(key);
            if (!subset.isEmpty()) {
                pod.with("metadata").putObject("annotations").put(MatchedWorkloadSpread.ANNOTATION,
                        new MatchedWorkloadSpread("ws", subset, "").toAnnotationValue());
            }
            AdmissionResult result = new PodDeletionBookkeeping().decide(new PodDeletionRequest(pod,
                    List.of(ListedSpread.live(spread)), ClusterObjects.none(), AdmissionSettings.defaults(), NOW));
            spread = apply(result.statusChange());
        }

        private WorkloadSpread apply(StatusChange change) {
            return new WorkloadSpread(spread.namespace(), spread.name(), spread.uid(), spread.annotations(), spread.generation(),
                    spread.spec(), change.applyTo(spread.status()));
        }

        private java.util.Optional<String> pick(int index) {
            List<String> keys = new ArrayList<>(podSubset.keySet());
            return keys.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(keys.get(index % keys.size()));
        }

        private java.util.Optional<String> named(int index) {
            return pick(index).filter(k -> k.startsWith("pod-"));
        }
    }

    @Property(tries = 100)
    void reservationsNeverDriveMissingReplicasBelowZero(@ForAll("bounds") List<Bounds> bounds, @ForAll("steps") List<Step> steps) {
        Cluster cluster = new Cluster(bounds);
        for (Step step : steps) {
            cluster.run(step);
            for (List<SubsetStatus> rows : cluster.spread.status().versionedSubsetStatuses().values()) {
                assertThat(rows).allSatisfy(r -> assertThat(r.missingReplicas()).isGreaterThanOrEqualTo(-1));
            }
        }
    }
}
