package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.TargetCluster;
import java.util.List;

/** Duplicated (§6.4): every candidate runs all replicas. */
public final class DuplicatedDivision {
    private DuplicatedDivision() {
    }

    /** Each candidate with {@code replicas}, in candidate order. */
    public static List<TargetCluster> assign(List<ClusterCandidate> candidates, int replicas) {
        return candidates.stream().map(candidate -> new TargetCluster(candidate.name(), replicas)).toList();
    }
}
