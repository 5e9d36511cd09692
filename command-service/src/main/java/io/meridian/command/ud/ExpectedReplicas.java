package io.meridian.command.ud;

import io.meridian.core.ud.plan.ObservedWorkload;
import java.util.List;
import java.util.Map;

/**
 * A rebalancer's allocation while it is put in place. Until the subset workloads hold it, their ready pods are
 * counted at most up to it: otherwise the Adaptive strategy, which protects ready pods from scale-down, would
 * keep the old sizes and undo the reschedule on the next reconcile.
 */
final class ExpectedReplicas {

    private ExpectedReplicas() {
    }

    /** The workloads as the allocator should see them while {@code expected} is being put in place. */
    static List<ObservedWorkload> view(List<ObservedWorkload> workloads, Map<String, Integer> expected) {
        if (expected == null) {
            return workloads;
        }
        return workloads.stream().map(w -> capped(w, w.subsetName().map(expected::get).orElse(null))).toList();
    }

    /** Whether every kept subset workload holds its expected replicas and no more ready pods. */
    static boolean inPlace(List<ObservedWorkload> workloads, Map<String, Integer> expected) {
        for (ObservedWorkload workload : workloads) {
            Integer wanted = workload.subsetName().map(expected::get).orElse(null);
            if (wanted != null && (workload.specReplicas() != wanted || workload.readyReplicas() > wanted
                    || workload.statusReplicas() > wanted)) {
                return false;
            }
        }
        return true;
    }

    private static ObservedWorkload capped(ObservedWorkload w, Integer cap) {
        if (cap == null || w.readyReplicas() <= cap) {
            return w;
        }
        return new ObservedWorkload(w.name(), w.cluster(), w.kind(), w.labels(), w.annotations(), w.specReplicas(),
                w.partition(), w.statusReplicas(), cap, w.updatedReplicas(), Math.min(w.updatedReadyReplicas(), cap),
                w.failureMessage());
    }
}
