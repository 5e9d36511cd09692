package io.meridian.standalone.run;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.sim.SimulatedCluster;
import io.meridian.sim.SimulatedFleet;
import io.meridian.standalone.scenario.Step;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code workload} + {@code clusters} expectation: the {@code spec.replicas} of the workload's copy in every
 * cluster of the fleet, read from that cluster itself over the simulation's own connection (so an unreachable
 * member still shows the copy it holds). A cluster without the copy has 0; the expected map is complete.
 */
final class WorkloadClustersCheck {
    private final SimulatedFleet fleet;

    WorkloadClustersCheck(SimulatedFleet fleet) {
        this.fleet = fleet;
    }

    /** Replicas per cluster, every cluster of the fleet listed. */
    Map<String, Integer> observe(Step.WorkloadClusters expected) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (SimulatedCluster cluster : fleet.clusters()) {
            GenericKubernetesResource copy = cluster.api().get(expected.kind(), expected.namespace(), expected.name());
            seen.put(cluster.name(), copy == null ? 0 : replicas(copy));
        }
        return seen;
    }

    boolean holds(Step.WorkloadClusters expected, Map<String, Integer> seen) {
        return seen.entrySet().stream()
                .allMatch(e -> e.getValue().equals(expected.clusters().getOrDefault(e.getKey(), 0)))
                && expected.clusters().keySet().stream().allMatch(seen::containsKey);
    }

    static String describe(Map<String, Integer> seen) {
        StringBuilder out = new StringBuilder("saw ");
        seen.forEach((cluster, replicas) -> out.append(cluster).append(": ").append(replicas).append(", "));
        return out.substring(0, out.length() - 2);
    }

    private static int replicas(GenericKubernetesResource copy) {
        Object spec = copy.getAdditionalProperties().get("spec");
        if (spec instanceof Map<?, ?> map && map.get("replicas") instanceof Number number) {
            return number.intValue();
        }
        return copy.getMetadata().getDeletionTimestamp() == null ? 1 : 0;
    }
}
