package io.meridian.schemas;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;

/** The outcome of applying one mutation, on {@link Topics#MUTATION_RESULTS}, keyed by cluster. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MutationResult(int schemaVersion, String mutationId, String cluster, Instant completedAt,
                             Outcome outcome, String detail) implements Versioned {
    public static final int SCHEMA_VERSION = 1;

    public enum Outcome {
        PATCHED("Patched"), NOOP("Noop"), CONFLICT("Conflict"), FAILED("Failed"), UNREACHABLE("Unreachable");

        private final String wire;

        Outcome(String wire) {
            this.wire = wire;
        }

        @JsonValue
        public String wire() {
            return wire;
        }
    }
}
