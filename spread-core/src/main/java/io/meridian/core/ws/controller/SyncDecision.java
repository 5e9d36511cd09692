package io.meridian.core.ws.controller;

import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The result of one sync, to be carried out in this order: patch the pods (adoption, then
 * deletion cost), write the status if it changed, delete the schedule-failed pods, raise the
 * events, and sync again after {@code requeueAfter}.
 *
 * @param podsToDelete names of the pods the Adaptive strategy deletes so they are recreated elsewhere
 */
public record SyncDecision(WorkloadSpreadStatus status, boolean statusChanged,
                           List<AdoptionPatch> adoptionPatches, List<DeletionCostPatch> deletionCostPatches,
                           List<String> podsToDelete, List<ControllerEvent> events,
                           Optional<Duration> requeueAfter) implements SyncOutcome {
    public SyncDecision {
        adoptionPatches = List.copyOf(adoptionPatches);
        deletionCostPatches = List.copyOf(deletionCostPatches);
        podsToDelete = List.copyOf(podsToDelete);
        events = List.copyOf(events);
    }
}
