package io.meridian.core.ws.admission;

import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What an admission writes to the spread's status: nothing, or one pod record in one versioned row. */
public sealed interface StatusChange {

    static StatusChange unchanged() {
        return new Unchanged();
    }

    static StatusChange record(String spread, String version, List<SubsetStatus> baseRows, String subset, PodRecord pod) {
        return new Recorded(spread, version, baseRows, subset, pod);
    }

    /** The status after the change. */
    WorkloadSpreadStatus applyTo(WorkloadSpreadStatus status);

    record Unchanged() implements StatusChange {
        @Override
        public WorkloadSpreadStatus applyTo(WorkloadSpreadStatus status) {
            return status;
        }
    }

    /**
     * The rows of {@code version} become {@code baseRows} (the stored rows, or freshly initialised ones)
     * with {@code pod} recorded in {@code subset} and its missingReplicas moved by one. The new rows are
     * built only when asked for, so deciding stays independent of how many pods the rows track.
     */
    record Recorded(String spread, String version, List<SubsetStatus> baseRows, String subset, PodRecord pod)
            implements StatusChange {
        public Recorded {
            baseRows = List.copyOf(baseRows);
        }

        public List<SubsetStatus> rows() {
            List<SubsetStatus> rows = new ArrayList<>(baseRows.size());
            for (SubsetStatus row : baseRows) {
                rows.add(row.name().equals(subset) ? withPod(row) : row);
            }
            return List.copyOf(rows);
        }

        private SubsetStatus withPod(SubsetStatus row) {
            Map<String, java.time.Instant> creating = row.creatingPods();
            Map<String, java.time.Instant> deleting = row.deletingPods();
            if (pod.kind() == PodRecord.Kind.CREATING) {
                creating = new TreeMap<>(creating);
                creating.put(pod.key(), pod.at());
            } else {
                deleting = new TreeMap<>(deleting);
                deleting.put(pod.key(), pod.at());
            }
            return new SubsetStatus(row.name(), row.replicas(), row.missingReplicas() + pod.missingReplicasDelta(),
                    creating, deleting, row.conditions());
        }

        @Override
        public WorkloadSpreadStatus applyTo(WorkloadSpreadStatus status) {
            Map<String, List<SubsetStatus>> versioned = new HashMap<>(status.versionedSubsetStatuses());
            versioned.put(version, rows());
            return new WorkloadSpreadStatus(status.observedGeneration(), status.subsetStatuses(), versioned);
        }
    }
}
