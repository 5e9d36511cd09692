package io.meridian.core.ws.admission;

import io.meridian.core.ws.model.WorkloadSpreadSubset;

/** Which subset a new pod goes to, before injection. */
sealed interface Placement {
    String reason();

    /** {@code uid} is the generated key written into the annotation ({@code ""} when the pod has a name). */
    record Chosen(WorkloadSpreadSubset subset, String uid, StatusChange statusChange, String reason) implements Placement {
    }

    /** No subset fits: the pod is admitted unmodified. */
    record NoSubset(String reason) implements Placement {
    }
}
