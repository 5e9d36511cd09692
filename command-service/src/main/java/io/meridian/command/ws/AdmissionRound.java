package io.meridian.command.ws;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.command.ws.api.AdmissionOutcome;
import io.meridian.command.ws.api.AdmitPods;
import io.meridian.command.ws.api.PodAdmission;
import io.meridian.command.ws.api.PodToAdmit;
import io.meridian.command.ws.api.ReservationChange;
import io.meridian.core.ws.admission.AdmissionDecision;
import io.meridian.core.ws.admission.AdmissionResult;
import io.meridian.core.ws.admission.AdmissionSettings;
import io.meridian.core.ws.admission.ClusterObjects;
import io.meridian.core.ws.admission.ListedSpread;
import io.meridian.core.ws.admission.PodCreationAdmission;
import io.meridian.core.ws.admission.PodCreationRequest;
import io.meridian.core.ws.admission.StatusChange;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The decisions of one {@link AdmitPods} batch, in arrival order: each pod is decided by the kernel on the
 * status the previous pods of the batch left (their reservations included), and gets its initial deletion cost.
 */
final class AdmissionRound {
    private static final PodCreationAdmission ADMISSION = new PodCreationAdmission();

    /** The decisions, and whether any of them reserved room in a subset. */
    record Result(List<PodAdmission> admissions, boolean reserved) {
        List<AdmissionOutcome> outcomes() {
            return admissions.stream().map(PodAdmission::outcome).toList();
        }
    }

    private AdmissionRound() {
    }

    /** @param firstSequence the domain sequence number of the batch's first decision */
    static Result decide(WorkloadSpread spread, AdmitPods command, AdmissionSettings settings, long firstSequence) {
        ClusterObjects objects = KernelJson.clusterObjects(command.clusterObjects());
        WorkloadSpread current = spread;
        List<PodAdmission> admissions = new ArrayList<>(command.pods().size());
        boolean reserved = false;
        long sequence = firstSequence;
        for (PodToAdmit pod : command.pods()) {
            AdmissionResult result = ADMISSION.decide(new PodCreationRequest(pod.pod(), List.of(ListedSpread.live(current)),
                    objects, settings, command.now(), pod.decisionId(), Map.of()));
            ReservationChange reservation = null;
            if (result.statusChange() instanceof StatusChange.Recorded recorded) {
                reserved = true;
                reservation = Reservations.of(recorded, current.status());
                current = withStatus(current, recorded.applyTo(current.status()));
            }
            AdmissionOutcome outcome = outcome(pod.decisionId(), result.decision());
            String initialCost = null;
            if (result.decision() instanceof AdmissionDecision.Patch patch) {
                OptionalInt cost = InitialDeletionCost.of(current, patch.subset(), patch.mutatedPod(), command.latestVersion());
                if (cost.isPresent()) {
                    initialCost = Integer.toString(cost.getAsInt());
                    outcome = new AdmissionOutcome(outcome.decisionId(), outcome.verdict(), outcome.subset(),
                            InitialDeletionCost.appendTo(patch.jsonPatch(), patch.mutatedPod(), initialCost),
                            outcome.reason(), outcome.denialCode());
                }
            }
            admissions.add(new PodAdmission(pod.decisionId(), pod.requestUid(), recorded(pod), pod.decisionId(),
                    outcome, reservation, sequence++, initialCost));
        }
        return new Result(admissions, reserved);
    }

    /** What the event keeps of the pod: as the admission service prepared it, else prepared here. */
    private static JsonNode recorded(PodToAdmit pod) {
        return pod.recorded() != null ? pod.recorded() : AdmittedPodInput.of(pod.pod());
    }

    /** The kernel's decision as the admission API answers it. */
    static AdmissionOutcome outcome(String decisionId, AdmissionDecision decision) {
        if (decision instanceof AdmissionDecision.Patch patch) {
            return new AdmissionOutcome(decisionId, AdmissionOutcome.PATCH, patch.subset(), patch.jsonPatch(), patch.reason(), null);
        }
        if (decision instanceof AdmissionDecision.Deny deny) {
            return new AdmissionOutcome(decisionId, AdmissionOutcome.DENY, null, null, deny.reason(), deny.code());
        }
        return new AdmissionOutcome(decisionId, AdmissionOutcome.ALLOW, null, null, decision.reason(), null);
    }

    private static WorkloadSpread withStatus(WorkloadSpread spread, WorkloadSpreadStatus status) {
        return new WorkloadSpread(spread.namespace(), spread.name(), spread.uid(), spread.annotations(), spread.generation(),
                spread.spec(), status);
    }
}
