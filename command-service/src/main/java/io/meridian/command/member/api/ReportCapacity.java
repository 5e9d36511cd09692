package io.meridian.command.member.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Free capacity per zone ({@code zones}: zone to allocatablePods, usedPods, freePods). */
public record ReportCapacity(@TargetAggregateIdentifier String cluster, JsonNode zones, Instant at,
                             long unreachableAfterSeconds) {
}
