package io.meridian.command.ud.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** A UnitedDeployment was created or changed in {@code cluster}: its manifest as the agent reported it. */
public record UpsertUnitedDeployment(@TargetAggregateIdentifier String id, String cluster, JsonNode manifest,
                                     Instant at) {
}
