package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterAffinity;
import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.MemberCluster;
import java.util.List;

/**
 * One schedule of a binding under one affinity term (§3): filter, estimate, order, select, assign, and optionally
 * attach zero-replica clusters. Trying the {@code clusterAffinities} terms one after the other is the caller's.
 */
public final class SchedulePipeline {
    private SchedulePipeline() {
    }

    public static AssignmentResult schedule(ScheduleRequest request) {
        List<ClusterAffinity> affinities = request.placement().affinitiesFor(request.affinityName());
        List<MemberCluster> feasible = CandidateSelection.feasible(request.clusters(), affinities);
        if (feasible.isEmpty()) {
            return AssignmentResult.noClusterFits(request.clusters().size());
        }
        List<ClusterCandidate> ordered = CandidateSelection.ordered(CandidateSelection.candidates(feasible,
                affinities, request.allocatable(), request.scores(), request.previous(), request.replicas()));
        SpreadSelection.Selection selection = SpreadSelection.select(request.placement(), ordered,
                request.replicas());
        if (selection instanceof SpreadSelection.Selection.Rejected rejected) {
            return AssignmentResult.spreadConstraintUnsatisfied(rejected.reason());
        }
        List<ClusterCandidate> selected = ((SpreadSelection.Selection.Selected) selection).clusters();
        AssignmentResult result = ReplicaAssigner.assign(AssignmentRequest.forPlacement(request.placement(),
                        request.affinityName(), selected, request.replicas())
                .previous(request.previous())
                .mode(request.mode())
                .uid(request.uid())
                .build());
        if (!request.propagateEmptyWorkloads()) {
            return result;
        }
        List<String> names = selected.stream().map(ClusterCandidate::name).toList();
        return result.map(clusters -> TargetClusters.attachZeroReplicas(names, clusters));
    }
}
