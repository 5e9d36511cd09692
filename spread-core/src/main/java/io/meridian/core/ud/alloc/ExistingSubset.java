package io.meridian.core.ud.alloc;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * What the allocators know about an existing subset workload: its spec/status replicas and the adaptive
 * state of §2.6 ({@code unschedulable}, {@code markedAsUnschedulable}, {@code reservedPods}, {@code pendingPods}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ExistingSubset(int specReplicas, int statusReplicas, int readyReplicas, boolean unschedulable,
                             boolean markedAsUnschedulable, int reservedPods, int pendingPods) {

    /** A subset as the Fixed strategy sees it: only its current replicas. */
    public static ExistingSubset withReplicas(int specReplicas) {
        return new ExistingSubset(specReplicas, specReplicas, specReplicas, false, false, 0, 0);
    }
}
