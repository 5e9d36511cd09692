package io.meridian.projection.decisions;

import com.fasterxml.jackson.annotation.JsonRawValue;
import java.time.Instant;

/** One row of an object's history, as the REST API returns it. */
public record DecisionRecord(long sequence, String type, Instant occurredAt, String decisionId, String kernelVersion,
                             String reason, @JsonRawValue String payload) {
}
