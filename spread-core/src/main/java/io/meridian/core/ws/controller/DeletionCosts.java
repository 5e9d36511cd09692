package io.meridian.core.ws.controller;

import io.meridian.core.ws.model.TargetReference;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.ActivePodsOrder;
import io.meridian.core.k8s.Pods;
import io.meridian.core.ws.PodActivity;
import io.meridian.core.ws.ScaledReplicas;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Pod deletion costs (§1.8): earlier subsets cost more than later ones, a subset's pods above its
 * maxReplicas cost less than any kept pod, pods in no subset cost least, and (Meridian §4) the pods
 * that hold a subset at its minReplicas cost most.
 */
public final class DeletionCosts {
    /** The target kinds whose pods get deletion costs (§1.6 step 3); others scale down their own way. */
    private static final Set<String> KINDS_WITH_COSTS = Set.of("ReplicaSet", "Deployment", "CloneSet");

    public static boolean appliesTo(TargetReference target) {
        return target != null && KINDS_WITH_COSTS.contains(target.kind());
    }

    public static final String ANNOTATION = "controller.kubernetes.io/pod-deletion-cost";

    private DeletionCosts() {
    }

    /** {@code i} for the workload's latest version, {@code N-1-i} for older ones (scaled down first). */
    public static int effectiveIndex(int subsetIndex, int subsetCount, boolean latestVersion) {
        return latestVersion ? subsetIndex : subsetCount - 1 - subsetIndex;
    }

    public static int keptCost(int subsetCount, int effectiveIndex) {
        return 100 * (subsetCount - effectiveIndex);
    }

    public static int overflowCost(int effectiveIndex) {
        return -100 * (effectiveIndex + 1);
    }

    /** Cost of pods matching no subset. */
    public static int fakeSubsetCost(int subsetCount) {
        return -100 * (subsetCount + 1);
    }

    /** Cost of the pods that hold a subset at its minReplicas: above every other cost. */
    public static int minimumHolderCost(int subsetCount) {
        return 100 * (subsetCount + 1);
    }

    /**
     * Costs of the active pods of one subset, in the order given. Empty when the scaled
     * maxReplicas is invalid or negative (the subset is skipped).
     */
    public static List<PodCost> ofSubset(int subsetCount, int effectiveIndex, IntOrString maxReplicas,
                                         int workloadReplicas, List<Pod> pods) {
        List<Pod> active = pods.stream().filter(PodActivity::isActive).toList();
        int kept = keptCost(subsetCount, effectiveIndex);
        if (maxReplicas == null) {
            return uniform(active, kept);
        }
        if (!(ScaledReplicas.of(maxReplicas, workloadReplicas, true) instanceof ScaledReplicas.Value max)
                || max.replicas() < 0) {
            return List.of();
        }
        if (active.size() <= max.replicas()) {
            return uniform(active, kept);
        }
        List<Pod> deleteFirst = new ArrayList<>(active);
        deleteFirst.sort(ActivePodsOrder.DELETE_FIRST);
        // identity, not equality: two pods may be equal objects yet distinct entries
        Set<Pod> overflow = Collections.newSetFromMap(new IdentityHashMap<>());
        overflow.addAll(deleteFirst.subList(0, active.size() - max.replicas()));
        int negative = overflowCost(effectiveIndex);
        return active.stream().map(p -> new PodCost(p, overflow.contains(p) ? negative : kept)).toList();
    }

    /** Every active pod of the fake subset gets the lowest cost. */
    public static List<PodCost> ofFakeSubset(int subsetCount, List<Pod> pods) {
        return uniform(pods.stream().filter(PodActivity::isActive).toList(), fakeSubsetCost(subsetCount));
    }

    /**
     * The {@code minReplicas} pods of a subset the workload would delete last: older versions go
     * before the latest one, then the ActivePods order, ties in the given order (as for overflow).
     * All of them when the subset has at most {@code minReplicas} active pods.
     */
    public static List<Pod> minimumHolders(List<Pod> subsetPods, int minReplicas, Predicate<Pod> isLatestVersion) {
        List<Pod> deleteOrder = new ArrayList<>(subsetPods.stream().filter(PodActivity::isActive).toList());
        deleteOrder.sort(Comparator.<Pod, Boolean>comparing(isLatestVersion::test).thenComparing(ActivePodsOrder.DELETE_FIRST));
        int held = Math.min(Math.max(minReplicas, 0), deleteOrder.size());
        return List.copyOf(deleteOrder.subList(deleteOrder.size() - held, deleteOrder.size()));
    }

    /**
     * The patch that gives {@code pod} the cost, if its annotation must change. A cost of 0 on a
     * pod without the annotation writes nothing.
     */
    public static Optional<DeletionCostPatch> patchFor(Pod pod, int cost) {
        String value = Integer.toString(cost);
        String current = Pods.annotations(pod).get(ANNOTATION);
        if (value.equals(current) || (current == null && cost == 0)) {
            return Optional.empty();
        }
        return Optional.of(new DeletionCostPatch(Pods.name(pod), value));
    }

    private static List<PodCost> uniform(List<Pod> pods, int cost) {
        return pods.stream().map(p -> new PodCost(p, cost)).toList();
    }
}
