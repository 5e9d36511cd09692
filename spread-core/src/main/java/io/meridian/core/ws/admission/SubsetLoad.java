package io.meridian.core.ws.admission;

import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import java.util.List;
import java.util.Map;

/**
 * Active plus creating pods of a subset, for Meridian's minReplicas: active pods as the caller observed
 * them (else the status total), creating pods summed over the rows of every version, the current
 * version's rows being the ones about to be written.
 */
final class SubsetLoad {
    private final WorkloadSpread spread;
    private final String version;
    private final List<SubsetStatus> currentRows;
    private final Map<String, Integer> observedActive;

    SubsetLoad(WorkloadSpread spread, String version, List<SubsetStatus> currentRows, Map<String, Integer> observedActive) {
        this.spread = spread;
        this.version = version;
        this.currentRows = currentRows;
        this.observedActive = observedActive == null ? Map.of() : observedActive;
    }

    int activeAndCreating(String subset) {
        return active(subset) + creating(subset);
    }

    int active(String subset) {
        Integer observed = observedActive.get(subset);
        if (observed != null) {
            return observed;
        }
        return spread.status().subsetStatuses().stream().filter(r -> r.name().equals(subset))
                .mapToInt(SubsetStatus::replicas).findFirst().orElse(0);
    }

    private int creating(String subset) {
        int creating = creatingIn(currentRows, subset);
        for (Map.Entry<String, List<SubsetStatus>> rows : spread.status().versionedSubsetStatuses().entrySet()) {
            if (!rows.getKey().equals(version)) {
                creating += creatingIn(rows.getValue(), subset);
            }
        }
        return creating;
    }

    private static int creatingIn(List<SubsetStatus> rows, String subset) {
        for (SubsetStatus row : rows) {
            if (row.name().equals(subset)) {
                return row.creatingPods().size();
            }
        }
        return 0;
    }
}
