package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ReplicaScheduling;
import io.meridian.core.karmada.model.ScheduleMode;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;

/**
 * Everything {@link ReplicaAssigner#assign} reads for one binding.
 *
 * @param candidates             the selected clusters, in candidate order (§3)
 * @param replicaScheduling      the placement's replica scheduling as written; null when absent (Duplicated)
 * @param replicas               {@code spec.replicas}
 * @param previous               the binding's current {@code spec.clusters}
 * @param mode                   FRESH when a reschedule is required (§2.6), else STEADY
 * @param uid                    the workload's UID, for tie-breaking (empty: names ascending)
 * @param overflowTiers          assign tier by tier of overflow order (§5.4)
 * @param replicaRequirements    the workload declares per-replica resource requirements
 * @param components             how many pod templates the workload has (0 or 1 for ordinary workloads)
 */
public record AssignmentRequest(List<ClusterCandidate> candidates, ReplicaScheduling replicaScheduling, int replicas,
                                List<TargetCluster> previous, ScheduleMode mode, String uid, boolean overflowTiers,
                                boolean replicaRequirements, int components) {
    public AssignmentRequest {
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
        previous = previous == null ? List.of() : List.copyOf(previous);
        mode = mode == null ? ScheduleMode.STEADY : mode;
        uid = uid == null ? "" : uid;
    }

    /** A Steady, single-template request with no previous assignment, empty UID and no overflow tiers. */
    public static AssignmentRequest of(List<ClusterCandidate> candidates, ReplicaScheduling replicaScheduling,
                                       int replicas) {
        return builder(candidates, replicaScheduling, replicas).build();
    }

    /** Starts from {@link #of} and sets the other fields one by one. */
    public static Builder builder(List<ClusterCandidate> candidates, ReplicaScheduling replicaScheduling,
                                  int replicas) {
        return new Builder(candidates, replicaScheduling, replicas);
    }

    /**
     * A request for a placement: its replica scheduling, and overflow tiers when the observed
     * {@code clusterAffinities} term has overflow terms.
     */
    public static Builder forPlacement(Placement placement, String observedAffinityName,
                                       List<ClusterCandidate> candidates, int replicas) {
        return builder(candidates, placement.replicaScheduling(), replicas)
                .overflowTiers(placement.usesOverflowTiers(observedAffinityName));
    }

    /** Collects the optional fields of a request. */
    public static final class Builder {
        private final List<ClusterCandidate> candidates;
        private final ReplicaScheduling replicaScheduling;
        private final int replicas;
        private List<TargetCluster> previous = List.of();
        private ScheduleMode mode = ScheduleMode.STEADY;
        private String uid = "";
        private boolean overflowTiers;
        private boolean replicaRequirements;
        private int components = 1;

        private Builder(List<ClusterCandidate> candidates, ReplicaScheduling replicaScheduling, int replicas) {
            this.candidates = candidates;
            this.replicaScheduling = replicaScheduling;
            this.replicas = replicas;
        }

        public Builder previous(List<TargetCluster> clusters) {
            this.previous = clusters;
            return this;
        }

        public Builder mode(ScheduleMode scheduleMode) {
            this.mode = scheduleMode;
            return this;
        }

        public Builder uid(String workloadUid) {
            this.uid = workloadUid;
            return this;
        }

        public Builder overflowTiers(boolean tiers) {
            this.overflowTiers = tiers;
            return this;
        }

        public Builder replicaRequirements(boolean requirements) {
            this.replicaRequirements = requirements;
            return this;
        }

        public Builder components(int templates) {
            this.components = templates;
            return this;
        }

        public AssignmentRequest build() {
            return new AssignmentRequest(candidates, replicaScheduling, replicas, previous, mode, uid, overflowTiers,
                    replicaRequirements, components);
        }
    }

    /** Replicas are divided only for workloads: replicas or requirements, and at most one pod template (§5.2). */
    public boolean isWorkload() {
        return (replicas > 0 || replicaRequirements) && components <= 1;
    }

    AssignmentRequest withCandidatesAndReplicas(List<ClusterCandidate> tier, int tierReplicas) {
        return new AssignmentRequest(tier, replicaScheduling, tierReplicas, previous, mode, uid, false,
                replicaRequirements, components);
    }
}
