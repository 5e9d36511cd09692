package io.meridian.standalone.run;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.sim.SimulatedCluster;
import java.util.Map;

/**
 * Whether Meridian has taken up an applied WorkloadSpread: its status (written by the command-service, through the
 * gateway) shows an {@code observedGeneration} at least the generation that was applied.
 */
final class SpreadUptake {
    static final String KIND = "WorkloadSpread";
    private final SimulatedCluster cluster;
    private final String namespace;
    private final String name;
    private final long generation;

    SpreadUptake(SimulatedCluster cluster, GenericKubernetesResource applied) {
        this.cluster = cluster;
        this.namespace = applied.getMetadata().getNamespace() == null ? "default" : applied.getMetadata().getNamespace();
        this.name = applied.getMetadata().getName();
        Long applying = applied.getMetadata().getGeneration();
        this.generation = applying == null ? 1 : applying;
    }

    ScenarioRunner.Check check() {
        GenericKubernetesResource stored = cluster.api().get(KIND, namespace, name);
        if (stored == null) {
            return new ScenarioRunner.Check(false, "no " + KIND + " " + namespace + "/" + name + " in " + cluster.name());
        }
        Long observed = stored.getAdditionalProperties().get("status") instanceof Map<?, ?> status
                && status.get("observedGeneration") instanceof Number n ? n.longValue() : null;
        if (observed == null) {
            return new ScenarioRunner.Check(false, "no status.observedGeneration yet");
        }
        return new ScenarioRunner.Check(observed >= generation,
                "status.observedGeneration " + observed + ", generation applied " + generation);
    }

    String describe() {
        return KIND + " " + namespace + "/" + name;
    }
}
