package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.TargetCluster;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Operations on assignment lists ({@code spec.clusters}). */
public final class TargetClusters {
    private TargetClusters() {
    }

    /**
     * Adds {@code old} replicas onto the same-named entries of {@code added} (kept in their order), then appends
     * the {@code old} entries that {@code added} lacks, in their order.
     */
    public static List<TargetCluster> merge(List<TargetCluster> old, List<TargetCluster> added) {
        Map<String, Integer> merged = new LinkedHashMap<>();
        added.forEach(cluster -> merged.merge(cluster.name(), cluster.replicas(), Integer::sum));
        old.forEach(cluster -> merged.merge(cluster.name(), cluster.replicas(), Integer::sum));
        return fromMap(merged);
    }

    /** The entries with at least one replica, order kept. */
    public static List<TargetCluster> withoutZeroReplicas(List<TargetCluster> clusters) {
        return clusters.stream().filter(cluster -> cluster.replicas() != 0).toList();
    }

    /** {@code assigned} followed by every candidate name it lacks, with 0 replicas, in candidate order. */
    public static List<TargetCluster> attachZeroReplicas(List<String> candidateNames, List<TargetCluster> assigned) {
        Set<String> present = names(assigned);
        List<TargetCluster> result = new ArrayList<>(assigned);
        new LinkedHashSet<>(candidateNames).stream().filter(name -> !present.contains(name))
                .forEach(name -> result.add(new TargetCluster(name, 0)));
        return List.copyOf(result);
    }

    /** The entries whose name is in {@code names}, order kept. */
    public static List<TargetCluster> restrictedTo(List<TargetCluster> clusters, Collection<String> names) {
        Set<String> allowed = new LinkedHashSet<>(names);
        return clusters.stream().filter(cluster -> allowed.contains(cluster.name())).toList();
    }

    public static long totalReplicas(List<TargetCluster> clusters) {
        return clusters.stream().mapToLong(TargetCluster::replicas).sum();
    }

    /** Replicas per name; duplicate names are summed. */
    public static Map<String, Integer> replicasByName(List<TargetCluster> clusters) {
        Map<String, Integer> byName = new LinkedHashMap<>();
        clusters.forEach(cluster -> byName.merge(cluster.name(), cluster.replicas(), Integer::sum));
        return byName;
    }

    public static Set<String> names(List<TargetCluster> clusters) {
        Set<String> names = new LinkedHashSet<>();
        clusters.forEach(cluster -> names.add(cluster.name()));
        return names;
    }

    private static List<TargetCluster> fromMap(Map<String, Integer> replicasByName) {
        List<TargetCluster> result = new ArrayList<>(replicasByName.size());
        replicasByName.forEach((name, replicas) -> result.add(new TargetCluster(name, replicas)));
        return List.copyOf(result);
    }
}
