package io.meridian.core.ud.plan;

import io.meridian.core.ud.model.WorkloadKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Sorts the claimed workloads (§2.2): one workload per topology subset is kept; duplicates, workloads of
 * subsets no longer in the topology and workloads of another template kind are to be deleted. Workloads
 * without a subset-name label are ignored. A workload in another cluster than its subset names is deleted
 * (and then created anew where the subset says).
 */
public record SubsetDiscovery(Map<String, ObservedWorkload> kept, List<WorkloadDeletion> deletions) {

    public SubsetDiscovery {
        kept = Collections.unmodifiableMap(new LinkedHashMap<>(kept));
        deletions = List.copyOf(deletions);
    }

    public static SubsetDiscovery of(List<ObservedWorkload> workloads, WorkloadKind templateKind,
                                     Map<String, String> clusterBySubset) {
        Map<String, ObservedWorkload> kept = new LinkedHashMap<>();
        List<WorkloadDeletion> deletions = new ArrayList<>();
        for (ObservedWorkload workload : workloads) {
            if (workload.kind() != templateKind) {
                deletions.add(WorkloadDeletion.of(workload, WorkloadDeletion.Reason.OTHER_KIND));
                continue;
            }
            String subset = workload.subsetName().orElse(null);
            if (subset == null) {
                continue;
            }
            if (kept.containsKey(subset)) {
                deletions.add(WorkloadDeletion.of(workload, WorkloadDeletion.Reason.DUPLICATE));
            } else if (!clusterBySubset.containsKey(subset)) {
                deletions.add(WorkloadDeletion.of(workload, WorkloadDeletion.Reason.UNKNOWN_SUBSET));
            } else if (!Objects.equals(clusterBySubset.get(subset), workload.cluster())) {
                deletions.add(WorkloadDeletion.of(workload, WorkloadDeletion.Reason.MOVED_CLUSTER));
            } else {
                kept.put(subset, workload);
            }
        }
        return new SubsetDiscovery(kept, deletions);
    }
}
