package io.meridian.core.ws.admission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * A workload object as read from the cluster: its identity, its controller owner (null for none)
 * and, for replica counts, the object itself (may be an empty object when only the owner chain matters).
 */
public record ClusterObject(String apiVersion, String kind, String namespace, String name,
                            ObjectRef ownerController, JsonNode object) {
    public ClusterObject {
        object = object == null ? JsonNodeFactory.instance.objectNode() : object;
    }

    public GroupKind groupKind() {
        return GroupKind.of(apiVersion, kind);
    }
}
