package io.meridian.core.karmada.rebalancer;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** {@code observedWorkloads[].result}; Pending is the empty value (still pending or retrying). */
public enum WorkloadResult {
    Pending(""),
    Successful("Successful"),
    Failed("Failed");

    private final String wire;

    WorkloadResult(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static WorkloadResult fromWire(String value) {
        if (value == null || value.isEmpty()) {
            return Pending;
        }
        for (WorkloadResult r : values()) {
            if (r.wire.equals(value)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown rebalance result '" + value + "'");
    }
}
