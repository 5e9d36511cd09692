package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A change a sync decided for the cluster, numbered within its decision: {@code type} is the wire
 * name of the mutation (SetPodDeletionCost, PatchPod, DeletePod, WriteStatus), {@code targetKind}
 * Pod or WorkloadSpread, {@code body} as the mutation contract defines it.
 */
public record PlannedMutation(int index, String type, String targetApiVersion, String targetKind, String targetName,
                              String targetUid, JsonNode body) {
}
