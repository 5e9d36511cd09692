package io.meridian.command.federation;

import io.meridian.command.federation.api.MemberView;
import io.meridian.core.karmada.division.AssignmentResult;
import io.meridian.core.karmada.division.SchedulePipeline;
import io.meridian.core.karmada.division.ScheduleRequest;
import io.meridian.core.karmada.division.TargetClusters;
import io.meridian.core.karmada.estimator.AvailableReplicas;
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
import java.util.concurrent.atomic.AtomicReference;

/**
 * One schedule of a binding by the kernel: the Ready member clusters are the candidates (an unreachable one is
 * filtered out as Karmada's taint filter does), their available replicas for the template the allocatable replicas
 * (estimated from the template's pod requests and the members' resources per zone, else their free pod slots), and with
 * {@code clusterAffinities} the kernel's term walk. Labels, provider, region and zones come from the members'
 * Cluster objects ({@link ClusterObjects}).
 */
final class KernelSchedule {
    /** The last member list's Ready members as the kernel's models: every binding read of a fleet state shares one list. */
    private static final AtomicReference<ReadyModels> LAST_MODELS = new AtomicReference<>(
            new ReadyModels(List.of(), List.of()));

    private KernelSchedule() {
    }

    private record ReadyModels(List<MemberView> members, List<MemberCluster> ready) {
    }

    /** The assignment (cluster to replicas, kernel order) or why there is none; {@code affinityName} the term used. */
    record Outcome(Map<String, Integer> assignment, String affinityName, String failure) {
        boolean succeeded() {
            return failure == null;
        }
    }

    /** @param requests the template's pod requests ({@code PodRequests}); empty: free pod slots only */
    static Outcome run(BindingState binding, List<MemberView> members, ScheduleMode mode, Map<String, Long> requests) {
        List<MemberCluster> clusters = readyModels(members);
        Map<String, Long> allocatable = new LinkedHashMap<>();
        members.stream().filter(m -> m.ready() && m.freePods() != null)
                .forEach(m -> allocatable.put(m.name(), availableReplicas(m, requests)));
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

    /** The Ready members as the kernel sees them, built once per member list (by identity: the lists are immutable). */
    static List<MemberCluster> readyModels(List<MemberView> members) {
        ReadyModels last = LAST_MODELS.get();
        if (last.members() == members) {
            return last.ready();
        }
        List<MemberCluster> ready = members.stream().filter(MemberView::ready).map(ClusterObjects::model).toList();
        LAST_MODELS.set(new ReadyModels(members, ready));
        return ready;
    }

    /** Karmada's general estimator over the member's zones; pod slots alone without requests or resources. */
    static long availableReplicas(MemberView member, Map<String, Long> requests) {
        return requests.isEmpty() || member.capacity().isEmpty() ? member.freePods()
                : AvailableReplicas.estimate(member.capacity(), requests);
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
