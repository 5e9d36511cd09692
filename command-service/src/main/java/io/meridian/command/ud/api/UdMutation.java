package io.meridian.command.ud.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A change a UnitedDeployment decision needs in one cluster, numbered within the decision: {@code type} is the
 * mutation's wire name (ApplyObject, DeleteObject, WriteStatus, PatchPod), {@code body} as the mutation contract
 * defines it.
 */
public record UdMutation(int index, String cluster, String type, String apiVersion, String kind, String namespace,
                         String name, JsonNode body) {
}
