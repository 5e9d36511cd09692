package io.meridian.command.ud.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** A UnitedDeployment is known: its identity and spec ({@code manifest}); the status is the aggregate's. */
public record UnitedDeploymentRegistered(String id, String cluster, JsonNode manifest, Instant at) {
}
