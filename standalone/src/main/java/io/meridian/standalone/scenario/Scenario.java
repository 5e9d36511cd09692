package io.meridian.standalone.scenario;

import io.meridian.sim.ClusterSpec;
import java.util.List;

/**
 * A scenario file (../shared/scenarios/README.md): a fleet of simulated clusters, manifests to
 * apply, and the steps to run. Cluster names in {@code apply} and {@code steps} are resolved
 * (the first cluster when a step names none) and checked against {@code clusters}.
 */
public record Scenario(String name, List<ClusterSpec> clusters, List<Manifest> apply, List<Step> steps) {

    public Scenario {
        clusters = List.copyOf(clusters);
        apply = List.copyOf(apply);
        steps = List.copyOf(steps);
    }

    /** The first cluster, also the host. */
    public String hostCluster() {
        return clusters.get(0).name();
    }

    /** A manifest (one or more YAML documents) for one cluster. */
    public record Manifest(String cluster, String manifest) {
    }
}
