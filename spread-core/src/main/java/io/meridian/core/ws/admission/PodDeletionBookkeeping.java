package io.meridian.core.ws.admission;

import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import java.util.Optional;

/**
 * The validating webhook for pod DELETE and eviction (§1.5): deletion is never blocked; the pod is
 * recorded in its subset's deletingPods and frees a slot of maxReplicas.
 */
public final class PodDeletionBookkeeping {

    public AdmissionResult decide(PodDeletionRequest request) {
        PodFacts pod = PodFacts.of(request.pod());
        Optional<MatchedWorkloadSpread> matched = MatchedWorkloadSpread.fromAnnotations(pod.annotations());
        if (matched.isEmpty()) {
            return ignore("pod has no valid " + MatchedWorkloadSpread.ANNOTATION + " annotation");
        }
        if (!pod.active()) {
            return ignore("pod is not active");
        }
        if (pod.controller() == null) {
            return ignore("pod has no controller owner");
        }
        Optional<WorkloadSpread> spread = request.spreads().stream().map(ListedSpread::spread)
                .filter(s -> s.name().equals(matched.get().name()) && s.spec() != null && s.spec().targetRef() != null)
                .findFirst();
        if (spread.isEmpty()) {
            return ignore("WorkloadSpread " + matched.get().name() + " does not exist");
        }
        return record(pod, spread.get(), matched.get().subset(), request);
    }

    private static AdmissionResult record(PodFacts pod, WorkloadSpread spread, String subset, PodDeletionRequest request) {
        if (TargetWorkload.isSingleUnlimitedSubset(spread) || TargetWorkload.isStatefulSet(spread)) {
            return ignore(spread.name() + ": nothing is recorded for this spread");
        }
        VersionedRows versioned = VersionedRows.of(spread, pod, request.cluster(), request.settings());
        Optional<SubsetStatus> recorded = versioned.rowRecording(pod.name());
        if (recorded.isPresent()) {
            return ignore(spread.name() + ": pod already recorded in " + recorded.get().name());
        }
        Optional<SubsetStatus> row = versioned.row(subset);
        if (row.isEmpty()) {
            return ignore(spread.name() + ": no status row for subset " + subset);
        }
        if (row.get().missingReplicas() == SubsetStatuses.UNLIMITED) {
            return ignore(spread.name() + ": " + subset + " is unlimited");
        }
        StatusChange change = StatusChange.record(spread.name(), versioned.version(), versioned.rows(), subset,
                PodRecord.deleting(pod.name(), request.now()));
        String reason = spread.name() + ": " + subset + " frees a slot (" + (row.get().missingReplicas() + 1) + " free)";
        return new AdmissionResult(AdmissionDecision.allow(reason), change);
    }

    private static AdmissionResult ignore(String reason) {
        return AdmissionResult.of(AdmissionDecision.allow(reason));
    }
}
