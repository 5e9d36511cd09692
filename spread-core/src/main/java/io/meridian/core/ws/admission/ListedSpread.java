package io.meridian.core.ws.admission;

import io.meridian.core.ws.model.WorkloadSpread;

/** A spread as listed in the pod's namespace; {@code beingDeleted} when it has a deletionTimestamp. */
public record ListedSpread(WorkloadSpread spread, boolean beingDeleted) {
    public static ListedSpread live(WorkloadSpread spread) {
        return new ListedSpread(spread, false);
    }
}
