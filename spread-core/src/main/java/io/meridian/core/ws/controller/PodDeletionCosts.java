package io.meridian.core.ws.controller;

import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The deletion-cost patches of one sync (§1.6 step 3, §1.8, Meridian §4), per version and subset. */
final class PodDeletionCosts {
    /** Only these targets scale down by pod deletion cost. */
    static final Set<String> TARGET_KINDS = Set.of("ReplicaSet", "Deployment", "CloneSet");

    private PodDeletionCosts() {
    }

    /** @param placed every collected pod with its version and subset, in name order */
    static List<DeletionCostPatch> patches(WorkloadSpread spread, String latestVersion, int workloadReplicas,
                                           List<PlacedPod> placed) {
        if (!TARGET_KINDS.contains(spread.spec().targetRef().kind())) {
            return List.of();
        }
        List<WorkloadSpreadSubset> subsets = spread.spec().subsets();
        int n = subsets.size();
        Map<Pod, Integer> costs = new IdentityHashMap<>();
        for (String version : new TreeSet<>(placed.stream().map(PlacedPod::version).toList())) {
            boolean latest = version.equals(latestVersion);
            for (int i = 0; i < n; i++) {
                WorkloadSpreadSubset subset = subsets.get(i);
                List<Pod> pods = podsOf(placed, version, subset.name());
                DeletionCosts.ofSubset(n, DeletionCosts.effectiveIndex(i, n, latest), subset.maxReplicas(), workloadReplicas, pods)
                        .forEach(c -> costs.put(c.pod(), c.cost()));
            }
            DeletionCosts.ofFakeSubset(n, podsOf(placed, version, PlacedPod.FAKE_SUBSET))
                    .forEach(c -> costs.put(c.pod(), c.cost()));
        }
        for (WorkloadSpreadSubset subset : subsets) {
            int min = subset.minReplicas() == null ? 0 : subset.minReplicas();
            if (min > 0) {
                List<Pod> all = podsOf(placed, null, subset.name());
                DeletionCosts.minimumHolders(all, min, pod -> isLatest(placed, pod, latestVersion))
                        .forEach(pod -> costs.put(pod, DeletionCosts.minimumHolderCost(n)));
            }
        }
        List<DeletionCostPatch> patches = new ArrayList<>();
        for (PlacedPod p : placed) {
            Integer cost = costs.get(p.pod());
            Optional.ofNullable(cost).flatMap(c -> DeletionCosts.patchFor(p.pod(), c)).ifPresent(patches::add);
        }
        return patches;
    }

    /** The pods of one subset, of one version or (version null) of all. */
    private static List<Pod> podsOf(List<PlacedPod> placed, String version, String subset) {
        return placed.stream()
                .filter(p -> p.subset().equals(subset) && (version == null || p.version().equals(version)))
                .map(PlacedPod::pod).toList();
    }

    private static boolean isLatest(List<PlacedPod> placed, Pod pod, String latestVersion) {
        return placed.stream().anyMatch(p -> p.pod() == pod && p.version().equals(latestVersion));
    }
}
