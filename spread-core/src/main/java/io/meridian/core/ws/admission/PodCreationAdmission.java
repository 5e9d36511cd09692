package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.patch.JsonPatchDiff;
import io.meridian.core.patch.KubernetesStrategicMergePatch;
import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpread;

/**
 * The mutating webhook for pod CREATE (§1.3, with Meridian's minReplicas): skip rules, the matched
 * spread, the subset choice with its reservation, and the injection as an RFC 6902 patch.
 */
public final class PodCreationAdmission {
    private final PodInjection injection;

    public PodCreationAdmission() {
        this(new KubernetesStrategicMergePatch());
    }

    public PodCreationAdmission(StrategicMergePatch strategicMergePatch) {
        this.injection = new PodInjection(strategicMergePatch);
    }

    public AdmissionResult decide(PodCreationRequest request) {
        PodFacts pod = PodFacts.of(request.pod());
        if (!pod.active()) {
            return AdmissionResult.of(AdmissionDecision.allow("pod is not active"));
        }
        if (pod.controller() == null) {
            return AdmissionResult.of(AdmissionDecision.allow("pod has no controller owner"));
        }
        if (!request.settings().kinds().isKnownOwner(pod.controller().groupKind())) {
            return AdmissionResult.of(AdmissionDecision.allow(
                    "owner kind " + pod.controller().groupKind() + " is not a supported workload"));
        }
        SpreadMatch match = SpreadMatch.find(pod, request.spreads(), request.cluster(), request.settings().kinds());
        if (match instanceof SpreadMatch.OwnerNotFound notFound) {
            return AdmissionResult.of(AdmissionDecision.notFound(notFound.message()));
        }
        if (!(match instanceof SpreadMatch.Found found)) {
            return AdmissionResult.of(AdmissionDecision.allow("no WorkloadSpread manages the pod"));
        }
        return admit(request.pod(), pod, found.spread(), request);
    }

    private AdmissionResult admit(JsonNode rawPod, PodFacts pod, WorkloadSpread spread, PodCreationRequest request) {
        Placement placement = CreationPlacement.place(spread, pod, request);
        if (!(placement instanceof Placement.Chosen chosen)) {
            return AdmissionResult.of(AdmissionDecision.allow(spread.name() + ": " + placement.reason()));
        }
        MatchedWorkloadSpread matched = new MatchedWorkloadSpread(spread.name(), chosen.subset().name(), chosen.uid());
        JsonNode mutated;
        try {
            mutated = injection.inject(rawPod, chosen.subset(), matched);
        } catch (IllegalArgumentException invalidPatch) {
            return AdmissionResult.of(AdmissionDecision.deny(spread.name() + ": patch of subset " + chosen.subset().name()
                    + " cannot be applied: " + invalidPatch.getMessage()));
        }
        AdmissionDecision decision = AdmissionDecision.patch(JsonPatchDiff.between(rawPod, mutated), mutated,
                chosen.subset().name(), spread.name() + ": " + chosen.reason());
        return new AdmissionResult(decision, chosen.statusChange());
    }
}
