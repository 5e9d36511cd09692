package io.meridian.core.ws.model;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public record WorkloadSpreadStatus(Long observedGeneration, List<SubsetStatus> subsetStatuses,
                                   Map<String, List<SubsetStatus>> versionedSubsetStatuses) {
    public static final WorkloadSpreadStatus EMPTY = new WorkloadSpreadStatus(null, List.of(), Map.of());

    public WorkloadSpreadStatus {
        subsetStatuses = subsetStatuses == null ? List.of() : List.copyOf(subsetStatuses);
        versionedSubsetStatuses = versionedSubsetStatuses == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new TreeMap<>(versionedSubsetStatuses));
    }
}
