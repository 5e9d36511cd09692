package io.meridian.command.ud.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * One reconcile (§2.3) from what the cluster state holds now: the subset workloads owned by the
 * UnitedDeployment in every cluster, their pods by subset name (only read with the Adaptive strategy), and the
 * member clusters that are unreachable. {@code rearm}: the first reconcile after a start re-arms the recorded
 * deadline.
 */
public record ReconcileUnitedDeployment(@TargetAggregateIdentifier String id, String decisionId, Instant now,
                                        String trigger, boolean rearm, List<SubsetWorkload> workloads,
                                        Map<String, List<JsonNode>> podsBySubset, Set<String> unreachableClusters) {
    public ReconcileUnitedDeployment {
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
        podsBySubset = podsBySubset == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(podsBySubset));
        unreachableClusters = unreachableClusters == null ? Set.of()
                : Collections.unmodifiableSet(new TreeSet<>(unreachableClusters));
    }
}
