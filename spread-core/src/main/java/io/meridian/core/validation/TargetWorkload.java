package io.meridian.core.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.patch.StrategicMergePatch;

/** The existing workload a WorkloadSpread targets, and the patcher used to try subset patches on it. */
public record TargetWorkload(JsonNode workload, StrategicMergePatch patcher) {
}
