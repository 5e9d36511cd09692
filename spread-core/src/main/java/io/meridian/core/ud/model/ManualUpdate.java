package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** {@code updateStrategy.manualUpdate}: partition per subset name, sorted by name. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ManualUpdate(Map<String, Integer> partitions) {
    public ManualUpdate {
        partitions = partitions == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(partitions));
    }
}
