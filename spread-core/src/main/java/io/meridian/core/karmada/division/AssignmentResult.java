package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.StrategyClassification;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** The outcome of a replica assignment: the clusters with their replicas, or why none could be made. */
public sealed interface AssignmentResult {
    String NO_CLUSTERS = "no clusters available to schedule";
    String TIERS_NOT_ENOUGH = "Clusters available replicas are not enough to schedule.";

    /**
     * Why an assignment failed. UNSCHEDULABLE is Karmada's UnschedulableError (not enough capacity); NO_CLUSTER_FITS
     * is the FitError of the filter step (the binding's clusters are then cleared); SPREAD_CONSTRAINT comes from
     * candidate selection.
     */
    enum FailureKind { NO_CLUSTERS, UNSUPPORTED_STRATEGY, UNSCHEDULABLE, NO_CLUSTER_FITS, SPREAD_CONSTRAINT }

    record Assigned(List<TargetCluster> clusters) implements AssignmentResult {
        public Assigned {
            clusters = List.copyOf(clusters);
        }
    }

    record Failed(FailureKind kind, String message) implements AssignmentResult {
    }

    static AssignmentResult assigned(List<TargetCluster> clusters) {
        return new Assigned(clusters);
    }

    static AssignmentResult noClusters() {
        return new Failed(FailureKind.NO_CLUSTERS, NO_CLUSTERS);
    }

    static AssignmentResult unsupportedStrategy() {
        return new Failed(FailureKind.UNSUPPORTED_STRATEGY, StrategyClassification.UNSUPPORTED);
    }

    /** Σ available of the candidates is below the replicas to place. */
    static AssignmentResult notEnoughAvailable(long available) {
        return new Failed(FailureKind.UNSCHEDULABLE,
                "Clusters available replicas " + available + " are not enough to schedule.");
    }

    /** Replicas are left after the last overflow tier. */
    static AssignmentResult tiersExhausted() {
        return new Failed(FailureKind.UNSCHEDULABLE, TIERS_NOT_ENOUGH);
    }

    /** No cluster passed the filter step. */
    static AssignmentResult noClusterFits(int clusters) {
        return new Failed(FailureKind.NO_CLUSTER_FITS, "0/" + clusters + " clusters are available");
    }

    static AssignmentResult spreadConstraintUnsatisfied(String reason) {
        return new Failed(FailureKind.SPREAD_CONSTRAINT, reason);
    }

    default boolean succeeded() {
        return this instanceof Assigned;
    }

    /** The assigned clusters; empty for a failure. */
    default List<TargetCluster> clustersOrEmpty() {
        return this instanceof Assigned assigned ? assigned.clusters() : List.of();
    }

    default Optional<Failed> failure() {
        return this instanceof Failed failed ? Optional.of(failed) : Optional.empty();
    }

    /** Transforms the clusters of a success; a failure passes through. */
    default AssignmentResult map(Function<List<TargetCluster>, List<TargetCluster>> transform) {
        return this instanceof Assigned assigned ? assigned(transform.apply(assigned.clusters())) : this;
    }
}
