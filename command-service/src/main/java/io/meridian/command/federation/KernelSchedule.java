package io.meridian.command.federation;

import io.meridian.command.federation.api.MemberView;
import io.meridian.core.karmada.division.AssignmentResult;
import io.meridian.core.karmada.division.SchedulePipeline;
import io.meridian.core.karmada.division.ScheduleRequest;
import io.meridian.core.karmada.division.TargetClusters;
import io.meridian.core.karmada.model.ClusterAffinityTerm;
import io.meridian.core.karmada.model.MemberCluster;
import io.meridian.core.karmada.model.Placement;
import io.meridian.core.karmada.model.ScheduleMode;
import io.meridian.core.karmada.model.TargetCluster;
import io.meridian.core.karmada.scheduler.AffinityTermWalk;
import io.meridian.core.karmada.scheduler.AffinityWalkResult;
import io.meridian.core.karmada.scheduler.BindingState;
import io.meridian.core.karmada.scheduler.TermAttempt;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One schedule of a binding by the kernel: the Ready member clusters are the candidates (an unreachable one is
 * filtered out as Karmada's taint filter does), their free pod slots the allocatable replicas, and with
 * {@code clusterAffinities} the kernel's term walk. Labels, provider, region and zones come from the members'
 * Cluster objects ({@link ClusterObjects}).
 */
final class KernelSchedule {
    private KernelSchedule() {
    }

    /** The assignment (cluster to replicas, kernel order) or why there is none; {@code affinityName} the term used. */
    record Outcome(Map<String, Integer> assignment, String affinityName, String failure) {
        boolean succeeded() {
            return failure == null;
        }
    }

    static Outcome run(BindingState binding, List<MemberView> members, ScheduleMode mode) {
        List<MemberCluster> clusters = members.stream().filter(MemberView::ready)
                .map(ClusterObjects::model).toList();
        Map<String, Long> allocatable = new LinkedHashMap<>();
        members.stream().filter(m -> m.ready() && m.freePods() != null)
                .forEach(m -> allocatable.put(m.name(), m.freePods()));
        Placement placement = binding.placement();
        if (placement.clusterAffinity() == null && !placement.clusterAffinities().isEmpty()) {
            AffinityWalkResult walk = AffinityTermWalk.walk(binding,
                    term -> attempt(binding, term, clusters, allocatable, mode));
            return walk.succeeded()
                    ? new Outcome(byName(walk.clustersAfter()), walk.observedAffinityName(), null)
                    : new Outcome(null, walk.observedAffinityName(), walk.error());
        }
        AssignmentResult result = SchedulePipeline.schedule(request(binding, "", clusters, allocatable, mode));
        return result.failure().map(f -> new Outcome(null, "", f.message()))
                .orElseGet(() -> new Outcome(byName(result.clustersOrEmpty()), "", null));
    }

    private static TermAttempt attempt(BindingState binding, ClusterAffinityTerm term, List<MemberCluster> clusters,
                                       Map<String, Long> allocatable, ScheduleMode mode) {
        AssignmentResult result = SchedulePipeline.schedule(request(binding, term.affinityName(), clusters, allocatable,
                mode));
        if (result instanceof AssignmentResult.Failed failed) {
            return failed.kind() == AssignmentResult.FailureKind.NO_CLUSTER_FITS
                    ? TermAttempt.fitError(failed.message()) : TermAttempt.otherError(failed.message());
        }
        return TermAttempt.scheduled(result.clustersOrEmpty());
    }

    private static ScheduleRequest request(BindingState binding, String affinityName, List<MemberCluster> clusters,
                                           Map<String, Long> allocatable, ScheduleMode mode) {
        return new ScheduleRequest(binding.placement(), affinityName, clusters, allocatable, Map.of(),
                binding.replicas(), binding.clusters(), mode, binding.workloadUid(), false);
    }

    static Map<String, Integer> byName(List<TargetCluster> clusters) {
        return TargetClusters.replicasByName(clusters);
    }

    static List<TargetCluster> targets(Map<String, Integer> assignment) {
        return assignment.entrySet().stream().map(e -> new TargetCluster(e.getKey(), e.getValue())).toList();
    }
}
