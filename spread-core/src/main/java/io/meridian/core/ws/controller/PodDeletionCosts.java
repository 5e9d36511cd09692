package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The deletion-cost patches of one sync (§1.6 step 3, §1.8, Meridian §4), per version and subset. */
final class PodDeletionCosts {
    /** Only these targets scale down by pod deletion cost. */


    private PodDeletionCosts() {
    }

    /** @param placed every collected pod with its version and subset, in name order */
    static List<DeletionCostPatch> patches(WorkloadSpread spread, String latestVersion, int workloadReplicas,
                                           List<PlacedPod> placed) {
        if (!DeletionCosts.appliesTo(spread.spec().targetRef())) {
            return List.of();
        }
        List<WorkloadSpreadSubset> subsets = spread.spec().subsets();
        int n = subsets.size();
        Map<Pod, Integer> costs = new IdentityHashMap<>();
        bySubsetPerVersion(placed).forEach((version, bySubset) -> {
            boolean latest = version.equals(latestVersion);
            for (int i = 0; i < n; i++) {
                WorkloadSpreadSubset subset = subsets.get(i);
                DeletionCosts.ofSubset(n, DeletionCosts.effectiveIndex(i, n, latest), subset.maxReplicas(), workloadReplicas,
                        bySubset.getOrDefault(subset.name(), List.of())).forEach(c -> costs.put(c.pod(), c.cost()));
            }
            DeletionCosts.ofFakeSubset(n, bySubset.getOrDefault(PlacedPod.FAKE_SUBSET, List.of()))
                    .forEach(c -> costs.put(c.pod(), c.cost()));
        });
        holdMinimums(subsets, latestVersion, placed, costs);
        List<DeletionCostPatch> patches = new ArrayList<>();
        for (PlacedPod p : placed) {
            Optional.ofNullable(costs.get(p.pod())).flatMap(c -> DeletionCosts.patchFor(p.pod(), c)).ifPresent(patches::add);
        }
        return patches;
    }

    /** Meridian §4: the pods that keep a subset at its minReplicas outrank every other cost. */
    private static void holdMinimums(List<WorkloadSpreadSubset> subsets, String latestVersion, List<PlacedPod> placed,
                                     Map<Pod, Integer> costs) {
        Map<Pod, String> versions = new IdentityHashMap<>();
        placed.forEach(p -> versions.put(p.pod(), p.version()));
        for (WorkloadSpreadSubset subset : subsets) {
            int min = subset.minReplicas() == null ? 0 : subset.minReplicas();
            if (min > 0) {
                List<Pod> pods = placed.stream().filter(p -> p.subset().equals(subset.name())).map(PlacedPod::pod).toList();
                DeletionCosts.minimumHolders(pods, min, pod -> latestVersion.equals(versions.get(pod)))
                        .forEach(pod -> costs.put(pod, DeletionCosts.minimumHolderCost(subsets.size())));
            }
        }
    }

    /** version -> subset (or fake subset) -> pods, keeping the name order. */
    private static Map<String, Map<String, List<Pod>>> bySubsetPerVersion(List<PlacedPod> placed) {
        return placed.stream().collect(Collectors.groupingBy(PlacedPod::version, TreeMap::new,
                Collectors.groupingBy(PlacedPod::subset, Collectors.mapping(PlacedPod::pod, Collectors.toList()))));
    }
}
