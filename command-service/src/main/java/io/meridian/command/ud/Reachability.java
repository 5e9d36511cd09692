package io.meridian.command.ud;

import io.meridian.core.ud.model.Conditions;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.UdScheduleStrategy;
import io.meridian.core.ud.model.UdSubsetStatus;
import io.meridian.core.ud.model.UnitedDeploymentStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An unreachable member cluster makes its subsets unschedulable exactly as a full zone does (ext §3): with the
 * Adaptive strategy, each such subset's {@code Schedulable} condition is set False (a fresh transition whenever
 * the previous one has run out its unschedulableDuration), so the kernel keeps only its ready pods there and
 * places the rest elsewhere. The Fixed strategy ignores schedulability, as it ignores a full zone.
 */
final class Reachability {
    static final String REASON_UNREACHABLE = "unreachable";

    private Reachability() {
    }

    static UnitedDeploymentStatus apply(UnitedDeploymentStatus status, List<Subset> subsets, UdScheduleStrategy strategy,
                                        Set<String> unreachableClusters, Instant now) {
        if (!strategy.isAdaptive() || unreachableClusters.isEmpty()
                || subsets.stream().noneMatch(s -> unreachableClusters.contains(s.cluster()))) {
            return status;
        }
        long window = strategy.effectiveAdaptive().effectiveUnschedulableDuration();
        List<UdSubsetStatus> entries = new ArrayList<>(status.subsetStatuses());
        for (Subset subset : subsets) {
            if (subset.cluster() == null || !unreachableClusters.contains(subset.cluster())) {
                continue;
            }
            UdSubsetStatus entry = status.subsetStatus(subset.name()).orElse(UdSubsetStatus.named(subset.name()));
            boolean stillUnschedulable = entry.schedulable()
                    .filter(Conditions::isFalse)
                    .filter(c -> Conditions.lastTransition(c).plusSeconds(window).isAfter(now))
                    .isPresent();
            if (!stillUnschedulable) {
                UdSubsetStatus cleared = new UdSubsetStatus(entry.name(), entry.replicas(), entry.readyReplicas(),
                        entry.partition(), entry.reservedPods(), Conditions.remove(entry.conditions(), UdSubsetStatus.SCHEDULABLE));
                replace(entries, cleared.withSchedulable(Conditions.of(UdSubsetStatus.SCHEDULABLE, Conditions.FALSE,
                        REASON_UNREACHABLE, "member cluster " + subset.cluster() + " is unreachable", now)));
            }
        }
        return new UnitedDeploymentStatus(status.observedGeneration(), status.replicas(), status.readyReplicas(),
                status.updatedReplicas(), status.updatedReadyReplicas(), status.reservedPods(), status.currentRevision(),
                status.updatedRevision(), status.collisionCount(), entries, status.conditions(), status.labelSelector(),
                status.subsetReplicas(), status.updateStatus());
    }

    private static void replace(List<UdSubsetStatus> entries, UdSubsetStatus entry) {
        for (int i = 0; i < entries.size(); i++) {
            if (Objects.equals(entries.get(i).name(), entry.name())) {
                entries.set(i, entry);
                return;
            }
        }
        entries.add(entry);
    }
}
