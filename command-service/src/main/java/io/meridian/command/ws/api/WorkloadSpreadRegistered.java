package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** A spread became known; {@code manifest} is its metadata and spec as the agent saw them. */
public record WorkloadSpreadRegistered(String id, String cluster, JsonNode manifest, Instant at, long domainSequence) {
}
