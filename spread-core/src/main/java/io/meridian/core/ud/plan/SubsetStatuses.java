package io.meridian.core.ud.plan;

import io.meridian.core.ud.adaptive.ReservationState;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.UdSubsetStatus;
import io.meridian.core.ud.model.UnitedDeploymentStatus;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Step 2 of §2.3: one status entry per topology subset, in topology order. */
final class SubsetStatuses {
    private SubsetStatuses() {
    }

    /**
     * Keeps the entries of topology subsets and adds the missing ones. With reservation, a subset added to a
     * UD that already had entries starts unschedulable ({@code created}).
     */
    static Map<String, UdSubsetStatus> ensure(UnitedDeploymentStatus status, List<Subset> subsets, boolean reservation,
                                              Instant now) {
        boolean addedLater = !status.subsetStatuses().isEmpty()
                || (status.subsetReplicas() != null && !status.subsetReplicas().isEmpty());
        Map<String, UdSubsetStatus> entries = new LinkedHashMap<>();
        for (Subset subset : subsets) {
            UdSubsetStatus entry = status.subsetStatus(subset.name()).orElse(null);
            if (entry == null) {
                entry = UdSubsetStatus.named(subset.name());
                if (reservation && addedLater) {
                    entry = entry.withSchedulable(ReservationState.newlyCreated(now));
                }
            }
            entries.put(subset.name(), entry);
        }
        return entries;
    }
}
