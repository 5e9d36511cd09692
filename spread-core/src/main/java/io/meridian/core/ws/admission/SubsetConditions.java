package io.meridian.core.ws.admission;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.ws.model.SubsetStatus;

/** Reads a row's {@code Schedulable} condition. */
final class SubsetConditions {
    static final String SCHEDULABLE = "Schedulable";

    private SubsetConditions() {
    }

    /** False only when a {@code Schedulable} condition says {@code False}. */
    static boolean isSchedulable(SubsetStatus row) {
        for (Condition condition : row.conditions()) {
            if (SCHEDULABLE.equals(condition.getType()) && "False".equals(condition.getStatus())) {
                return false;
            }
        }
        return true;
    }

    static boolean hasRoom(SubsetStatus row) {
        return row.missingReplicas() > 0 || row.missingReplicas() == SubsetStatuses.UNLIMITED;
    }
}
