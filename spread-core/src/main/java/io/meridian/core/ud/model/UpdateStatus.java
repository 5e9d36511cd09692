package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** v1alpha1 {@code status.updateStatus}: the updated revision and the partition per subset. */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpdateStatus(String updatedRevision, Map<String, Integer> currentPartitions) {
    public UpdateStatus {
        currentPartitions = currentPartitions == null ? Map.of()
                : Collections.unmodifiableMap(new TreeMap<>(currentPartitions));
    }
}
