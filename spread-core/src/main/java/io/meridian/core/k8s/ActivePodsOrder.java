package io.meridian.core.k8s;

import io.fabric8.kubernetes.api.model.Pod;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/**
 * The order in which a Kubernetes controller prefers to delete active pods: a pod that sorts
 * earlier is the better one to delete. Pods that tie on every rule compare equal, so a stable sort
 * keeps their original order.
 */
public final class ActivePodsOrder {
    private static final Map<String, Integer> PHASE_RANK = Map.of("Pending", 0, "Unknown", 1, "Running", 2);

    /** Rules, in order: unassigned, earlier phase, not ready, ready for less time, more restarts, newer. */
    public static final Comparator<Pod> DELETE_FIRST =
            Comparator.<Pod>comparingInt(pod -> Pods.nodeName(pod).isEmpty() ? 0 : 1)
                    .thenComparingInt(pod -> PHASE_RANK.getOrDefault(Pods.phase(pod), 0))
                    .thenComparingInt(pod -> Pods.isReady(pod) ? 1 : 0)
                    .thenComparing(ActivePodsOrder::compareReadyTimes)
                    .thenComparing(Comparator.comparingInt(Pods::maxContainerRestarts).reversed())
                    .thenComparing(pod -> Pods.creationTime(pod), ActivePodsOrder::emptyThenNewest);

    private ActivePodsOrder() {
    }

    /** Only pods that are both ready are told apart by how long they have been ready. */
    private static int compareReadyTimes(Pod a, Pod b) {
        if (!Pods.isReady(a) || !Pods.isReady(b)) {
            return 0;
        }
        return emptyThenNewest(Pods.readySince(a), Pods.readySince(b));
    }

    /** An unknown time first, then the later time before the earlier one. */
    private static int emptyThenNewest(Optional<Instant> a, Optional<Instant> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return Boolean.compare(b.isEmpty(), a.isEmpty());
        }
        return b.get().compareTo(a.get());
    }
}
