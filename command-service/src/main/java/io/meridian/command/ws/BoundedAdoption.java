package io.meridian.command.ws;

import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.Pods;
import io.meridian.core.ws.ReplicasPath;
import io.meridian.core.ws.ScaledReplicas;
import io.meridian.core.ws.WorkloadReplicas;
import io.meridian.core.ws.controller.AdoptionPatch;
import io.meridian.core.ws.controller.SyncDecision;
import io.meridian.core.ws.controller.SyncInput;
import io.meridian.core.ws.controller.SyncOutcome;
import io.meridian.core.ws.controller.WhitelistEntry;
import io.meridian.core.ws.controller.WorkloadSpreadSync;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A controller sync in which adopting a pod never takes a subset above its {@code maxReplicas}.
 *
 * <p>The kernel adopts a pod that carries no subset (created before the spread, or admitted unchanged while the
 * webhook could not answer: fail open) into the subset its node matches best, as upstream does, even when that
 * subset is already full (§1.7: a full subset only scores lower). Here such an adoption is refused: the pod is
 * to be rescheduled instead (deleted, so that its workload creates it again through the webhook), and the sync is
 * decided again without it, so the status and deletion costs do not count it.
 */
final class BoundedAdoption {

    /** The kernel's outcome, and the pods (by name) that no subset may take in: to reschedule. */
    record Result(SyncOutcome outcome, List<String> overLimit) {
    }

    private final WorkloadSpreadSync kernel;

    BoundedAdoption(WorkloadSpreadSync kernel) {
        this.kernel = kernel;
    }

    Result sync(SyncInput input) {
        List<String> overLimit = new ArrayList<>();
        SyncInput current = input;
        while (true) {
            SyncOutcome outcome = kernel.sync(current);
            if (!(outcome instanceof SyncDecision decision) || decision.adoptionPatches().isEmpty()) {
                return new Result(outcome, overLimit);
            }
            Set<String> refused = refusedAdoptions(current, decision);
            if (refused.isEmpty()) {
                return new Result(outcome, overLimit);
            }
            overLimit.addAll(refused);
            current = without(current, refused);
        }
    }

    /**
     * The adopted pods a subset has no room for, taken in the kernel's adoption order: a subset holds its active
     * pods and its pending reservations (creating pods not seen yet), and takes an adopted pod only below its
     * maxReplicas (scaled against the workload's replicas, rounded up, as the kernel scales it).
     */
    private static Set<String> refusedAdoptions(SyncInput input, SyncDecision decision) {
        int replicas = workloadReplicas(input);
        Map<String, Integer> adoptedInto = new HashMap<>();
        decision.adoptionPatches().forEach(a -> adoptedInto.merge(a.subset(), 1, Integer::sum));
        Map<String, Integer> held = new HashMap<>();
        for (SubsetStatus row : decision.status().subsetStatuses()) {
            held.put(row.name(), row.replicas() + row.creatingPods().size() - adoptedInto.getOrDefault(row.name(), 0));
        }
        Map<String, Integer> ceiling = new HashMap<>();
        for (WorkloadSpreadSubset subset : input.spread().spec().subsets()) {
            ceiling.put(subset.name(), ScaledReplicas.valueOr(subset.maxReplicas(), replicas, Integer.MAX_VALUE, 0));
        }
        Set<String> refused = new HashSet<>();
        for (AdoptionPatch adoption : decision.adoptionPatches()) {
            int now = held.getOrDefault(adoption.subset(), 0);
            if (now < ceiling.getOrDefault(adoption.subset(), Integer.MAX_VALUE)) {
                held.put(adoption.subset(), now + 1);
            } else {
                refused.add(adoption.podName());
            }
        }
        return refused;
    }

    private static int workloadReplicas(SyncInput input) {
        if (!input.workload().exists()) {
            return 0;
        }
        ReplicasPath.Read read = WorkloadReplicas.resolve(input.spread().spec().targetFilter(), input.workload().object(),
                input.whitelist().map(WhitelistEntry::replicasPath), input.workload().specReplicas());
        return read instanceof ReplicasPath.Found found ? found.replicas() : 0;
    }

    private static SyncInput without(SyncInput input, Set<String> pods) {
        List<Pod> kept = input.pods().stream().filter(p -> !pods.contains(Pods.name(p))).toList();
        return new SyncInput(input.spread(), input.workload(), kept, input.nodes(), input.now(),
                input.versionedStatusKinds(), input.whitelist());
    }
}
