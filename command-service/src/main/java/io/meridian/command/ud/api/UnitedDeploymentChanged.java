package io.meridian.command.ud.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** The metadata or spec of the UnitedDeployment changed (e.g. spec.replicas through the scale subresource). */
public record UnitedDeploymentChanged(String id, JsonNode manifest, Instant at) {
}
