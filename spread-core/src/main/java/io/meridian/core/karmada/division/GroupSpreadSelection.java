package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.SpreadConstraint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Spread selection over groups of clusters (region, zone, provider or a label): the groups are ranked by their
 * best candidate, the first {@code maxGroups} are picked (at least {@code minGroups} must exist), and for Divided
 * placements a low-ranked group is swapped for one with more available replicas until the picks can hold the
 * workload. Clusters without a value for the grouping key belong to no group and are not selected. With a cluster
 * constraint as well, each picked group keeps its best cluster and the rest are filled in preference order up to
 * the cluster constraint's {@code maxGroups}.
 */
final class GroupSpreadSelection {
    private GroupSpreadSelection() {
    }

    /** One group: its key and its clusters in preference order. */
    private record Group(String key, List<ClusterCandidate> clusters) {
        long available() {
            return clusters.stream().mapToLong(ClusterCandidate::available).sum();
        }
    }

    static SpreadSelection.Selection select(SpreadConstraint byGroup, Optional<SpreadConstraint> byCluster,
                                            List<ClusterCandidate> ordered, int replicas, boolean divided) {
        List<Group> ranked = groups(byGroup, ordered);
        if (ranked.size() < byGroup.minGroups()) {
            return new SpreadSelection.Selection.Rejected("the number of feasible " + byGroup.groupName()
                    + " groups (" + ranked.size() + ") is less than spreadConstraint.minGroups ("
                    + byGroup.minGroups() + ")");
        }
        int count = Math.max(0, Math.min(ranked.size(), byGroup.maxGroups()));
        List<Group> picked = new ArrayList<>(ranked.subList(0, count));
        if (divided) {
            List<Group> unpicked = new ArrayList<>(ranked.subList(count, ranked.size()));
            for (int slot = picked.size() - 1; slot >= 0 && groupsAvailable(picked) < replicas
                    && !unpicked.isEmpty(); slot--) {
                SpreadSelection.swapForMore(picked, slot, unpicked, Group::available);
            }
            if (groupsAvailable(picked) < replicas) {
                return new SpreadSelection.Selection.Rejected("not enough available replicas when selecting " + count
                        + " " + byGroup.groupName() + " groups");
            }
        }
        if (byCluster.isEmpty()) {
            return selected(picked.stream().flatMap(g -> g.clusters().stream()).toList(), ordered);
        }
        SpreadSelection.Selection within = clustersOf(picked, byCluster.get(), replicas, divided);
        return within instanceof SpreadSelection.Selection.Selected chosen ? selected(chosen.clusters(), ordered)
                : within;
    }

    private static List<Group> groups(SpreadConstraint byGroup, List<ClusterCandidate> ordered) {
        Map<String, List<ClusterCandidate>> byKey = new LinkedHashMap<>();
        for (ClusterCandidate candidate : ordered) {
            String key = byGroup.groupOf(candidate.cluster());
            if (!key.isEmpty()) {
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(candidate);
            }
        }
        return byKey.entrySet().stream().map(e -> new Group(e.getKey(), List.copyOf(e.getValue()))).toList();
    }

    private static long groupsAvailable(List<Group> picked) {
        return picked.stream().mapToLong(Group::available).sum();
    }

    /**
     * The clusters of the picked groups under a cluster constraint: the best of each group, then the others in
     * preference order, up to {@code maxGroups} (never fewer than one per group); for Divided placements a pick is
     * swapped for an unpicked cluster with more available (of the same group when it is its group's only pick).
     */
    private static SpreadSelection.Selection clustersOf(List<Group> picked, SpreadConstraint byCluster, int replicas,
                                                        boolean divided) {
        List<ClusterCandidate> pool = picked.stream().flatMap(g -> g.clusters().stream()).toList();
        if (pool.size() < byCluster.minGroups()) {
            return new SpreadSelection.Selection.Rejected("the number of clusters in the selected groups ("
                    + pool.size() + ") is less than the cluster spreadConstraint.minGroups (" + byCluster.minGroups()
                    + ")");
        }
        int limit = Math.min(pool.size(), Math.max(byCluster.maxGroups(), picked.size()));
        List<ClusterCandidate> chosen = new ArrayList<>(picked.stream().map(g -> g.clusters().get(0)).toList());
        for (ClusterCandidate candidate : pool) {
            if (chosen.size() >= limit) {
                break;
            }
            if (!chosen.contains(candidate)) {
                chosen.add(candidate);
            }
        }
        if (divided) {
            List<ClusterCandidate> unchosen = new ArrayList<>(pool.stream().filter(c -> !chosen.contains(c)).toList());
            for (int slot = chosen.size() - 1; slot >= 0 && available(chosen) < replicas; slot--) {
                swapCluster(picked, chosen, slot, unchosen);
            }
            if (available(chosen) < replicas) {
                return new SpreadSelection.Selection.Rejected("not enough available replicas when selecting "
                        + chosen.size() + " clusters in " + picked.size() + " groups");
            }
        }
        return new SpreadSelection.Selection.Selected(chosen);
    }

    private static long available(List<ClusterCandidate> clusters) {
        return clusters.stream().mapToLong(ClusterCandidate::available).sum();
    }

    private static void swapCluster(List<Group> picked, List<ClusterCandidate> chosen, int slot,
                                    List<ClusterCandidate> unchosen) {
        Group group = groupOf(picked, chosen.get(slot));
        boolean onlyPick = chosen.stream().filter(group.clusters()::contains).count() == 1;
        Optional<ClusterCandidate> best = unchosen.stream()
                .filter(c -> !onlyPick || group.clusters().contains(c))
                .max(Comparator.comparingLong(ClusterCandidate::available));
        if (best.isPresent() && best.get().available() > chosen.get(slot).available()) {
            ClusterCandidate replaced = chosen.set(slot, best.get());
            unchosen.set(unchosen.indexOf(best.get()), replaced);
        }
    }

    private static Group groupOf(List<Group> picked, ClusterCandidate cluster) {
        return picked.stream().filter(g -> g.clusters().contains(cluster)).findFirst().orElseThrow();
    }

    /** The selection in the candidates' preference order. */
    private static SpreadSelection.Selection selected(List<ClusterCandidate> clusters, List<ClusterCandidate> ordered) {
        return new SpreadSelection.Selection.Selected(ordered.stream().filter(clusters::contains).toList());
    }
}
