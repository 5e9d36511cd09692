package io.meridian.core.ws.admission;

import io.meridian.core.ws.ScaledReplicas;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.ArrayList;
import java.util.List;

/** The first-time status rows of a pod version (§1.3 step 5.2). */
public final class SubsetStatuses {
    public static final int UNLIMITED = -1;

    private SubsetStatuses() {
    }

    /** One row per spec subset: -1 for a nil maxReplicas, else maxReplicas scaled up against the workload. */
    public static List<SubsetStatus> initial(List<WorkloadSpreadSubset> subsets, int workloadReplicas) {
        List<SubsetStatus> rows = new ArrayList<>(subsets.size());
        for (WorkloadSpreadSubset subset : subsets) {
            rows.add(new SubsetStatus(subset.name(), 0, maxReplicas(subset, workloadReplicas), null, null, null));
        }
        return List.copyOf(rows);
    }

    /** The subset's maxReplicas against the workload; -1 when unlimited, 0 when unparsable. */
    public static int maxReplicas(WorkloadSpreadSubset subset, int workloadReplicas) {
        return ScaledReplicas.valueOr(subset.maxReplicas(), workloadReplicas, UNLIMITED, 0);
    }
}
