package io.meridian.core.ud.adaptive;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.ud.alloc.ExistingSubset;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The adaptive state of one subset after pre-processing (§2.6): what the allocators read, the
 * {@code Schedulable} condition to store (empty = leave as is), the reserved-pod labels to write
 * (pod name to {@code "true"}/{@code "false"}) and when to look again.
 */
public record AdaptiveSubsetState(String name, boolean unschedulable, boolean markedAsUnschedulable,
                                  int reservedPods, int pendingPods, int updateTimeoutPods,
                                  Optional<Condition> schedulable, Map<String, String> podLabels,
                                  Optional<Duration> requeueAfter) {

    public AdaptiveSubsetState {
        podLabels = podLabels == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(podLabels));
    }

    /** The allocator input for this subset, given its observation. */
    public ExistingSubset toExistingSubset(SubsetObservation observed) {
        return new ExistingSubset(observed.specReplicas(), observed.statusReplicas(), observed.readyReplicas(),
                unschedulable, markedAsUnschedulable, reservedPods, pendingPods);
    }

    /** While unschedulable, an update also sets maxUnavailable = specReplicas - readyReplicas + updateTimeoutPods. */
    public OptionalInt maxUnavailable(SubsetObservation observed) {
        return unschedulable
                ? OptionalInt.of(observed.specReplicas() - observed.readyReplicas() + updateTimeoutPods)
                : OptionalInt.empty();
    }

    AdaptiveSubsetState withSchedulable(Condition condition) {
        return new AdaptiveSubsetState(name, unschedulable, markedAsUnschedulable, reservedPods, pendingPods,
                updateTimeoutPods, Optional.of(condition), podLabels, requeueAfter);
    }

    /** The earlier of two optional requeue delays. */
    public static Optional<Duration> earliest(Optional<Duration> a, Optional<Duration> b) {
        if (a.isEmpty()) {
            return b;
        }
        return b.isEmpty() || a.get().compareTo(b.get()) <= 0 ? a : b;
    }
}
