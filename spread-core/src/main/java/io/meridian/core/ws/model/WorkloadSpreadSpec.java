package io.meridian.core.ws.model;

import java.util.List;

public record WorkloadSpreadSpec(TargetReference targetRef, TargetFilter targetFilter,
                                 List<WorkloadSpreadSubset> subsets, ScheduleStrategy scheduleStrategy) {
    public WorkloadSpreadSpec {
        subsets = subsets == null ? List.of() : List.copyOf(subsets);
    }
}
