package io.meridian.core.ud.plan;

import io.meridian.core.ud.adaptive.PodSnapshot;
import io.meridian.core.ud.model.UnitedDeployment;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one reconcile reads. {@code updatedRevision} and {@code collisionCount} come from the caller's
 * revision bookkeeping. {@code workloads} are the claimed workloads of all four kinds, in listing order (the
 * first of duplicates is kept). {@code podsBySubset} is read only with the Adaptive strategy.
 * {@code lastStatusWriteObserved} false means the UD's last status write has not come back yet.
 * {@code rolloutStep}, when not null, is the replicas per subset to hold now instead of the allocator's (one step of
 * a make-before-break rebalance, which may briefly hold more than {@code spec.replicas}); a subset it leaves out
 * gets none.
 */
public record ReconcileInput(UnitedDeployment ud, String updatedRevision, Integer collisionCount,
                             List<ObservedWorkload> workloads, Map<String, List<PodSnapshot>> podsBySubset,
                             boolean lastStatusWriteObserved, Instant now, Map<String, Integer> rolloutStep) {

    public ReconcileInput(UnitedDeployment ud, String updatedRevision, Integer collisionCount,
                          List<ObservedWorkload> workloads, Map<String, List<PodSnapshot>> podsBySubset,
                          boolean lastStatusWriteObserved, Instant now) {
        this(ud, updatedRevision, collisionCount, workloads, podsBySubset, lastStatusWriteObserved, now, null);
    }

    public ReconcileInput {
        rolloutStep = rolloutStep == null ? null : Collections.unmodifiableMap(new TreeMap<>(rolloutStep));
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
        podsBySubset = podsBySubset == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(podsBySubset));
    }

    public List<PodSnapshot> podsOf(String subset) {
        return podsBySubset.getOrDefault(subset, List.of());
    }
}
