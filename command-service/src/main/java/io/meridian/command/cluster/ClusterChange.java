package io.meridian.command.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.schemas.ObjectRef;
import java.time.Instant;

/**
 * One object changed in one cluster, after {@link ClusterState} took it in: {@code current} is null
 * when the object was deleted, {@code previous} null when it is new.
 */
public record ClusterChange(String cluster, ObjectRef ref, JsonNode current, JsonNode previous, Instant at) {

    public boolean deleted() {
        return current == null;
    }

    public String kind() {
        return ref.kind();
    }
}
