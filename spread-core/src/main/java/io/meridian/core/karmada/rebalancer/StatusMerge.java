package io.meridian.core.karmada.rebalancer;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** §2.2: fold the current spec into the old observed list. */
public final class StatusMerge {
    private StatusMerge() {
    }

    /**
     * Old entries still named keep their result; old entries no longer named survive only when Successful; names
     * left over are appended as pending. The result is sorted byte-wise by "apiVersion kind namespace name".
     */
    public static List<ObservedWorkload> merge(List<ObservedWorkload> old, Set<WorkloadReference> named) {
        Set<WorkloadReference> leftOver = new LinkedHashSet<>(named);
        List<ObservedWorkload> merged = new ArrayList<>();
        for (ObservedWorkload entry : old) {
            if (leftOver.remove(entry.workload()) || entry.is(WorkloadResult.Successful)) {
                merged.add(entry);
            }
        }
        leftOver.forEach(reference -> merged.add(ObservedWorkload.pending(reference)));
        merged.sort((a, b) -> WorkloadReference.ORDER.compare(a.workload(), b.workload()));
        return merged;
    }
}
