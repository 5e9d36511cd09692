package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.SpreadConstraint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/** Step 5 of one schedule (§3): which of the ordered candidates are selected under the spread constraints. */
public final class SpreadSelection {
    private SpreadSelection() {
    }

    /** The selected clusters, or why none could be selected. */
    public sealed interface Selection {
        record Selected(List<ClusterCandidate> clusters) implements Selection {
            public Selected {
                clusters = List.copyOf(clusters);
            }
        }

        record Rejected(String reason) implements Selection {
        }
    }

    /**
     * Selects from candidates already in preference order. Without spread constraints, or for a static-weight
     * placement, every candidate is selected. A region, zone, provider or label constraint selects groups of
     * clusters ({@link GroupSpreadSelection}). Otherwise a cluster constraint picks up to maxGroups clusters and,
     * for Divided placements, swaps in clusters with more available until they can hold {@code replicas}.
     */
    public static Selection select(Placement placement, List<ClusterCandidate> ordered, int replicas) {
        if (placement.spreadConstraints().isEmpty() || placement.isStaticWeight()) {
            return new Selection.Selected(ordered);
        }
        Optional<SpreadConstraint> byCluster = constraint(placement, SpreadConstraint.CLUSTER);
        Optional<SpreadConstraint> byGroup = groupConstraint(placement);
        if (byGroup.isPresent()) {
            return GroupSpreadSelection.select(byGroup.get(), byCluster, ordered, replicas, isDivided(placement));
        }
        return byCluster
                .map(clusterConstraint -> byCluster(clusterConstraint, ordered, replicas, isDivided(placement)))
                .orElseGet(() -> new Selection.Rejected("no usable spread constraint"));
    }

    /**
     * The constraint that groups clusters: region first (it takes priority over cluster upstream), then zone,
     * provider, and the first label constraint (Meridian's additions; upstream rejects them).
     */
    private static Optional<SpreadConstraint> groupConstraint(Placement placement) {
        for (String field : List.of(SpreadConstraint.REGION, SpreadConstraint.ZONE, SpreadConstraint.PROVIDER)) {
            Optional<SpreadConstraint> found = constraint(placement, field);
            if (found.isPresent()) {
                return found;
            }
        }
        return placement.spreadConstraints().stream().filter(c -> !c.spreadByLabel().isEmpty()).findFirst();
    }

    private static Optional<SpreadConstraint> constraint(Placement placement, String field) {
        return placement.spreadConstraints().stream().filter(c -> c.spreadsBy(field)).findFirst();
    }

    private static boolean isDivided(Placement placement) {
        ReplicaScheduling scheduling = placement.replicaScheduling();
        return scheduling != null && ReplicaScheduling.DIVIDED.equals(scheduling.replicaSchedulingType());
    }

    static Selection byCluster(SpreadConstraint constraint, List<ClusterCandidate> ordered, int replicas,
                               boolean divided) {
        if (ordered.size() < constraint.minGroups()) {
            return new Selection.Rejected("the number of feasible clusters (" + ordered.size()
                    + ") is less than spreadConstraint.minGroups (" + constraint.minGroups() + ")");
        }
        int count = Math.max(0, Math.min(ordered.size(), constraint.maxGroups()));
        List<ClusterCandidate> picked = new ArrayList<>(ordered.subList(0, count));
        if (!divided) {
            return new Selection.Selected(picked);
        }
        List<ClusterCandidate> unpicked = new ArrayList<>(ordered.subList(count, ordered.size()));
        for (int slot = picked.size() - 1; slot >= 0 && !holds(picked, replicas) && !unpicked.isEmpty(); slot--) {
            swapForMoreAvailable(picked, slot, unpicked);
        }
        return holds(picked, replicas)
                ? new Selection.Selected(picked)
                : new Selection.Rejected("not enough available replicas when selecting " + count + " clusters");
    }

    private static boolean holds(List<ClusterCandidate> picked, int replicas) {
        return picked.stream().mapToLong(ClusterCandidate::available).sum() >= replicas;
    }

    /** Replaces the pick at {@code slot} by the unpicked cluster with the most available, if that has more. */
    private static void swapForMoreAvailable(List<ClusterCandidate> picked, int slot,
                                             List<ClusterCandidate> unpicked) {
        swapForMore(picked, slot, unpicked, ClusterCandidate::available);
    }

    /** Replaces the pick at {@code slot} by the first unpicked item with the most available, if that has more. */
    static <T> void swapForMore(List<T> picked, int slot, List<T> unpicked, ToLongFunction<T> available) {
        int best = 0;
        for (int i = 1; i < unpicked.size(); i++) {
            if (available.applyAsLong(unpicked.get(i)) > available.applyAsLong(unpicked.get(best))) {
                best = i;
            }
        }
        if (available.applyAsLong(unpicked.get(best)) > available.applyAsLong(picked.get(slot))) {
            T replaced = picked.set(slot, unpicked.get(best));
            unpicked.set(best, replaced);
        }
    }
}
