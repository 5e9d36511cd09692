package io.meridian.command.federation;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Map;

/**
 * What a binding holds between decisions, as the planner reads it: the total and template digest last
 * written, the placement last scheduled with, the kernel's assignment ({@code spec.clusters}), what the
 * member clusters were last asked to hold ({@code applied}: the assignment, or a make-before-break step
 * towards it), the §2.6 times, the last failure, and a reschedule waiting to be in place.
 */
record BindingView(String id, int total, String digest, boolean hostWritten, JsonNode appliedPlacement,
                   Map<String, Integer> assignment, Map<String, Integer> applied, Instant rescheduleTriggeredAt,
                   Instant lastScheduledTime, String observedAffinityName, String lastFailure, Pending pending) {

    /** A reschedule asked by {@code requestedBy}; with {@code preserve}, reached make-before-break. */
    record Pending(String requestedBy, boolean preserve, int availableAtStart) {
    }

    boolean rollingOut() {
        return pending != null && pending.preserve() && !applied.equals(assignment);
    }
}
