package io.meridian.schemas;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** What an agent saw in its cluster, on {@link Topics#CLUSTER_EVENTS}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterEvent(int schemaVersion, String eventId, String cluster, Instant observedAt, Type type,
                           ObjectRef object, JsonNode body) implements Versioned {
    public static final int SCHEMA_VERSION = 1;

    public enum Type {
        UPSERTED("Upserted"), DELETED("Deleted"), HEARTBEAT("Heartbeat"), CAPACITY("Capacity"),
        RESYNC_COMPLETED("ResyncCompleted");

        private final String wire;

        Type(String wire) {
            this.wire = wire;
        }

        @JsonValue
        public String wire() {
            return wire;
        }
    }

    /** The record key: everything about one object stays in one partition, in order. */
    @JsonIgnore
    public String key() {
        if (object == null) {
            return cluster + "///";
        }
        return cluster + "/" + object.namespace() + "/" + object.kind() + "/" + object.name();
    }
}
