package io.meridian.schemas;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A domain event of an aggregate, on {@link Topics#DOMAIN_EVENTS}, keyed by aggregate id. Decisions
 * carry their id and the kernel version so they can be explained and replayed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DomainEvent(int schemaVersion, String eventId, String aggregateType, String aggregateId, long sequence,
                          String type, Instant occurredAt, String decisionId, String kernelVersion,
                          JsonNode payload) implements Versioned {
    public static final int SCHEMA_VERSION = 1;
}
