package io.meridian.command.member.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Capacity per zone ({@code zones}: zone to allocatablePods, usedPods, freePods and, from agents that report them,
 * {@code allocatable} and {@code requested}: resource to amount, cpu in millicores, the rest in base units).
 */
public record ReportCapacity(@TargetAggregateIdentifier String cluster, JsonNode zones, Instant at,
                             long unreachableAfterSeconds) {
}
