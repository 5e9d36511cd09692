package io.meridian.core.ws.admission;

import io.meridian.core.ws.PodVersions;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.WorkloadSpread;
import java.util.List;
import java.util.Optional;

/**
 * The status rows of a pod's version (§1.3 step 5.2): the stored ones, or freshly initialised ones
 * when the version has none (persisted only if the call records a pod).
 */
record VersionedRows(String version, List<SubsetStatus> rows, int workloadReplicas) {

    static VersionedRows of(WorkloadSpread spread, PodFacts pod, ClusterObjects cluster, AdmissionSettings settings) {
        String ownerKind = pod.controller() == null ? null : pod.controller().kind();
        String version = PodVersions.versionOf(pod.kind(), ownerKind, pod.labels(), settings.versionedStatusKinds());
        int replicas = TargetWorkload.replicasForPercentages(spread, pod.namespace(), cluster, settings.kinds());
        List<SubsetStatus> stored = spread.status().versionedSubsetStatuses().get(version);
        List<SubsetStatus> rows = stored == null || stored.isEmpty()
                ? SubsetStatuses.initial(spread.spec().subsets(), replicas) : stored;
        return new VersionedRows(version, rows, replicas);
    }

    /** The row that already records this pod as creating or deleting. */
    Optional<SubsetStatus> rowRecording(String podName) {
        for (SubsetStatus row : rows) {
            if (row.creatingPods().containsKey(podName) || row.deletingPods().containsKey(podName)) {
                return Optional.of(row);
            }
        }
        return Optional.empty();
    }

    Optional<SubsetStatus> row(String subset) {
        return rows.stream().filter(r -> r.name().equals(subset)).findFirst();
    }
}
