package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** The spread's metadata or spec changed in its cluster. */
public record WorkloadSpreadChanged(String id, JsonNode manifest, Instant at, long domainSequence) {
}
