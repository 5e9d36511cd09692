package io.meridian.core.ud.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.ud.model.WorkloadKind;

/**
 * A subset workload manifest to create or update. {@code cluster} is the member cluster to write it to
 * (Meridian's extension; null means the UD's own cluster).
 */
public record RenderedWorkload(String subsetName, String cluster, WorkloadKind kind, JsonNode manifest) {

    /** The same manifest for an existing workload: a fixed name instead of generateName. */
    public RenderedWorkload named(String name) {
        ObjectNode copy = manifest.deepCopy();
        ObjectNode metadata = (ObjectNode) copy.get("metadata");
        metadata.remove("generateName");
        metadata.put("name", name);
        return new RenderedWorkload(subsetName, cluster, kind, copy);
    }
}
