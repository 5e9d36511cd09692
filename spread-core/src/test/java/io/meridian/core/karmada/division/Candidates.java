package io.meridian.core.karmada.division;

import io.meridian.core.karmada.model.ClusterCandidate;
import io.meridian.core.karmada.model.MemberCluster;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: candidates from name/allocatable pairs. */
final class Candidates {
    private Candidates() {
    }

    /** {@code withAllocatable("m1", 6, "m2", 8)}. */
    static List<ClusterCandidate> withAllocatable(Object... nameThenAllocatable) {
        List<ClusterCandidate> candidates = new ArrayList<>();
        for (int i = 0; i < nameThenAllocatable.length; i += 2) {
            candidates.add(ClusterCandidate.of(MemberCluster.named((String) nameThenAllocatable[i]),
                    ((Number) nameThenAllocatable[i + 1]).longValue()));
        }
        return candidates;
    }

    static List<ClusterCandidate> named(String... names) {
        return java.util.Arrays.stream(names).map(ClusterCandidate::named).toList();
    }
}
