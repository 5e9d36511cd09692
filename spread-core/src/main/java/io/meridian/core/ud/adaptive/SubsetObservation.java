package io.meridian.core.ud.adaptive;

import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Optional;

/**
 * One topology subset as adaptive rescheduling sees it: its workload's replica counts (all 0 when the workload
 * does not exist), its pods, and its current {@code Schedulable} condition.
 */
public record SubsetObservation(String name, boolean exists, int specReplicas, int statusReplicas, int readyReplicas,
                                List<PodSnapshot> pods, Optional<Condition> schedulable) {

    public SubsetObservation {
        pods = pods == null ? List.of() : List.copyOf(pods);
        schedulable = schedulable == null ? Optional.empty() : schedulable;
    }

    public static SubsetObservation missing(String name, Optional<Condition> schedulable) {
        return new SubsetObservation(name, false, 0, 0, 0, List.of(), schedulable);
    }

    public boolean isMarkedUnschedulable() {
        return schedulable.map(c -> "False".equals(c.getStatus())).orElse(false);
    }
}
