package io.meridian.standalone.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedFleet;
import io.meridian.standalone.scenario.ScenarioParser;
import io.meridian.standalone.scenario.Step;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The workload/clusters expectation reads each cluster itself, simulated clusters alone (no control plane). */
class WorkloadClustersCheckTest {
    private static SimulatedFleet fleet;
    private static WorkloadClustersCheck check;

    @BeforeAll
    static void start() {
        fleet = SimulatedFleet.start(ScenarioParser.parse("""
                clusters:
                  - name: member1
                    zones: [{name: z1, nodes: 1, podsPerNode: 10}]
                  - name: member2
                    zones: [{name: z1, nodes: 1, podsPerNode: 10}]
                  - name: member3
                    zones: [{name: z1, nodes: 1, podsPerNode: 10}]
                """).clusters(), SimOptions.DEFAULTS);
        fleet.cluster("member1").api().apply(deployment("web", 4));
        fleet.cluster("member2").api().apply(deployment("web", 2));
        fleet.cluster("member2").unreachable();
        check = new WorkloadClustersCheck(fleet);
    }

    @AfterAll
    static void stop() {
        fleet.close();
    }

    private static String deployment(String name, int replicas) {
        return """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: %s, namespace: default}
                spec:
                  replicas: %d
                  selector: {matchLabels: {app: %1$s}}
                  template:
                    metadata: {labels: {app: %1$s}}
                    spec: {containers: [{name: c, image: nginx}]}
                """.formatted(name, replicas);
    }

    private static Step.WorkloadClusters expect(Map<String, Integer> clusters) {
        return new Step.WorkloadClusters("Deployment", "default", "web", clusters);
    }

    @Test
    void everyClusterIsReadAndAMissingCopyCountsZero() {
        assertThat(check.observe(expect(Map.of()))).containsExactly(Map.entry("member1", 4), Map.entry("member2", 2),
                Map.entry("member3", 0));
    }

    @Test
    void theExpectationHoldsWhenEveryClusterMatchesIncludingTheUnreachableOne() {
        Step.WorkloadClusters expected = expect(Map.of("member1", 4, "member2", 2));
        assertThat(check.holds(expected, check.observe(expected))).isTrue();
    }

    @Test
    void anUnlistedClusterWithReplicasFailsTheExpectation() {
        Step.WorkloadClusters expected = expect(Map.of("member1", 4));
        assertThat(check.holds(expected, check.observe(expected))).isFalse();
    }

    @Test
    void aClusterOutsideTheFleetFailsTheExpectation() {
        Step.WorkloadClusters expected = expect(Map.of("member1", 4, "member2", 2, "member9", 0));
        assertThat(check.holds(expected, check.observe(expected))).isFalse();
    }
}
