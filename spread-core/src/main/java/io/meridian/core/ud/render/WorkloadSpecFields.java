package io.meridian.core.ud.render;

import static io.meridian.core.ud.render.SubsetWorkloadRenderer.objectAt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.ud.model.WorkloadKind;

/** Where each workload kind keeps its partition and maxUnavailable, read and written on raw specs. */
public final class WorkloadSpecFields {
    private static final String ROLLING_UPDATE = "RollingUpdate";

    private WorkloadSpecFields() {
    }

    /**
     * CloneSet: {@code updateStrategy.partition}. StatefulSet kinds: {@code updateStrategy.rollingUpdate.partition}
     * when the update type is RollingUpdate or empty. Deployment: none.
     */
    static void setPartition(ObjectNode spec, WorkloadKind kind, int partition) {
        switch (kind) {
            case CLONE_SET -> objectAt(spec, "updateStrategy").put("partition", partition);
            case STATEFUL_SET, ADVANCED_STATEFUL_SET -> {
                ObjectNode strategy = objectAt(spec, "updateStrategy");
                String type = strategy.path("type").asText("");
                if (type.isEmpty() || ROLLING_UPDATE.equals(type)) {
                    objectAt(strategy, "rollingUpdate").put("partition", partition);
                }
            }
            case DEPLOYMENT -> { }
        }
    }

    /** The partition set on an observed workload spec, 0 when absent or not applicable. */
    public static int partitionOf(JsonNode spec, WorkloadKind kind) {
        return switch (kind) {
            case CLONE_SET -> spec.path("updateStrategy").path("partition").asInt(0);
            case STATEFUL_SET, ADVANCED_STATEFUL_SET ->
                    spec.path("updateStrategy").path("rollingUpdate").path("partition").asInt(0);
            case DEPLOYMENT -> 0;
        };
    }

    /** Only the stateless kinds support reservation, so only they get a maxUnavailable. */
    static void setMaxUnavailable(ObjectNode spec, WorkloadKind kind, int value) {
        switch (kind) {
            case CLONE_SET -> objectAt(spec, "updateStrategy").put("maxUnavailable", value);
            case DEPLOYMENT -> objectAt(objectAt(spec, "strategy"), "rollingUpdate").put("maxUnavailable", value);
            case STATEFUL_SET, ADVANCED_STATEFUL_SET -> { }
        }
    }
}
