package io.meridian.core.ud.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/** {@code spec.updateStrategy}: {@code type} Manual (defaulted when empty). */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UdUpdateStrategy(String type, ManualUpdate manualUpdate) {
    public static final String MANUAL = "Manual";

    @JsonIgnore
    public boolean isManual() {
        return MANUAL.equals(type);
    }

    /** The partition configured for a subset; 0 when absent or when the type is not Manual. */
    public int partitionOf(String subsetName) {
        if (!isManual() || manualUpdate == null) {
            return 0;
        }
        return manualUpdate.partitions().getOrDefault(subsetName, 0);
    }
}
