package io.meridian.command.federation.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One mutation a binding decision asks of a member cluster ({@code type} is the wire name: ApplyObject,
 * Scale, DeleteObject); its idempotency key is {@code <decisionId>/<index>}.
 */
public record BindingMutation(int index, String cluster, String type, String apiVersion, String kind,
                              String namespace, String name, JsonNode body) {
}
