package io.meridian.schemas;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A change a cluster needs, on {@link Topics#MUTATIONS}, keyed by cluster. {@code mutationId} is the
 * idempotency key: applying the same mutation twice changes nothing.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Mutation(int schemaVersion, String mutationId, String cluster, Instant issuedAt, String aggregateId,
                       String decisionId, Type type, ObjectRef target, JsonNode body) implements Versioned {
    public static final int SCHEMA_VERSION = 1;

    public enum Type {
        SET_POD_DELETION_COST("SetPodDeletionCost"), PATCH_POD("PatchPod"), DELETE_POD("DeletePod"),
        WRITE_STATUS("WriteStatus"), APPLY_OBJECT("ApplyObject"), SCALE("Scale"), DELETE_OBJECT("DeleteObject");

        private final String wire;

        Type(String wire) {
            this.wire = wire;
        }

        @JsonValue
        public String wire() {
            return wire;
        }
    }
}
