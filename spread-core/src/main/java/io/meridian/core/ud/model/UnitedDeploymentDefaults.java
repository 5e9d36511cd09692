package io.meridian.core.ud.model;

import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.List;

/** The defaulting webhook of §2.1 as a pure function. */
public final class UnitedDeploymentDefaults {
    public static final int DEFAULT_REPLICAS = 1;
    public static final int DEFAULT_REVISION_HISTORY_LIMIT = 10;

    private UnitedDeploymentDefaults() {
    }

    public static UnitedDeployment apply(UnitedDeployment ud) {
        return ud.spec() == null ? ud : ud.withSpec(apply(ud.spec()));
    }

    public static UnitedDeploymentSpec apply(UnitedDeploymentSpec spec) {
        return new UnitedDeploymentSpec(
                spec.replicas() == null ? DEFAULT_REPLICAS : spec.replicas(),
                spec.selector(),
                spec.template(),
                defaultTopology(spec.topology()),
                defaultUpdateStrategy(spec.updateStrategy()),
                spec.revisionHistoryLimit() == null ? DEFAULT_REVISION_HISTORY_LIMIT : spec.revisionHistoryLimit());
    }

    private static Topology defaultTopology(Topology topology) {
        if (topology == null) {
            return null;
        }
        return new Topology(defaultMinReplicas(topology.subsets()), defaultScheduleStrategy(topology.scheduleStrategy()));
    }

    /** With min/max in use and no subset replicas, unset minReplicas become 0. */
    private static List<Subset> defaultMinReplicas(List<Subset> subsets) {
        boolean anyMinOrMax = subsets.stream().anyMatch(Subset::hasMinOrMax);
        boolean anyReplicas = subsets.stream().anyMatch(s -> s.replicas() != null);
        if (!anyMinOrMax || anyReplicas) {
            return subsets;
        }
        return subsets.stream()
                .map(s -> s.minReplicas() == null ? s.withMinReplicas(new IntOrString(0)) : s)
                .toList();
    }

    private static UdScheduleStrategy defaultScheduleStrategy(UdScheduleStrategy strategy) {
        if (strategy == null) {
            return null;
        }
        if (strategy.adaptive() == null && !strategy.isAdaptive()) {
            return strategy;
        }
        AdaptiveSettings adaptive = strategy.effectiveAdaptive();
        return new UdScheduleStrategy(strategy.type(), new AdaptiveSettings(
                adaptive.effectiveRescheduleCriticalSeconds(),
                adaptive.effectiveUnschedulableDuration(),
                adaptive.reserves()));
    }

    private static UdUpdateStrategy defaultUpdateStrategy(UdUpdateStrategy strategy) {
        String type = strategy == null || strategy.type() == null || strategy.type().isEmpty()
                ? UdUpdateStrategy.MANUAL : strategy.type();
        ManualUpdate manual = strategy == null || strategy.manualUpdate() == null
                ? new ManualUpdate(null) : strategy.manualUpdate();
        return new UdUpdateStrategy(type, manual);
    }
}
