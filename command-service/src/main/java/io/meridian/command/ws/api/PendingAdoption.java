package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;

/** A pod without a subset that a sync adopted: its name, the subset, and the strategic-merge patch that adopts it. */
public record PendingAdoption(String pod, String subset, JsonNode patch) {
}
