package io.meridian.command.ws.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Register the spread an agent saw, or change it when its metadata or spec differ. */
public record UpsertWorkloadSpread(@TargetAggregateIdentifier String id, String cluster, JsonNode manifest, Instant at) {
}
