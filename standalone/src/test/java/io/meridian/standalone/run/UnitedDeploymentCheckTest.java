package io.meridian.standalone.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedFleet;
import io.meridian.standalone.scenario.ScenarioParser;
import io.meridian.standalone.scenario.Step;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The unitedDeployment expectation against simulated clusters alone (the subset workloads applied by hand). */
class UnitedDeploymentCheckTest {
    private static SimulatedFleet fleet;
    private static UnitedDeploymentCheck check;

    @BeforeAll
    static void start() {
        fleet = SimulatedFleet.start(ScenarioParser.parse("""
                clusters:
                  - name: host
                    zones: [{name: z1, nodes: 1, podsPerNode: 10}]
                  - name: member2
                    zones: [{name: z1, nodes: 1, podsPerNode: 10}]
                """).clusters(), SimOptions.DEFAULTS.withReadyDelay(Duration.ofMillis(100)));
        check = new UnitedDeploymentCheck(fleet);
        fleet.host().api().apply("""
                apiVersion: apps.kruise.io/v1beta1
                kind: UnitedDeployment
                metadata: {name: ud, namespace: shop}
                spec:
                  replicas: 3
                  selector: {matchLabels: {app: shop}}
                  template: {deploymentTemplate: {metadata: {labels: {app: shop}}, spec: {}}}
                  topology: {subsets: [{name: local}, {name: remote, cluster: member2}]}
                """);
        fleet.host().api().apply(deployment("ud-local-x", "local", 1,
                "ownerReferences: [{apiVersion: apps.kruise.io/v1beta1, kind: UnitedDeployment, name: ud, uid: u1, controller: true}]"));
        fleet.cluster("member2").api().apply(deployment("ud-remote-x", "remote", 2,
                "annotations: {apps.meridian.io/united-deployment: host/shop/ud}"));
        fleet.cluster("member2").api().apply(deployment("stranger", "remote", 5, "annotations: {other: x}"));
    }

    @AfterAll
    static void stop() {
        fleet.close();
    }

    private static String deployment(String name, String subset, int replicas, String ownership) {
        return """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: %s
                  namespace: shop
                  labels: {app: shop, apps.kruise.io/subset-name: %s}
                  %s
                spec:
                  replicas: %d
                  selector: {matchLabels: {app: shop, apps.kruise.io/subset-name: %2$s}}
                  template:
                    metadata: {labels: {app: shop, apps.kruise.io/subset-name: %2$s}}
                    spec: {containers: [{name: main, image: nginx}]}
                """.formatted(name, subset, ownership, replicas);
    }

    @Test
    void countsTheReplicasOfTheSubsetWorkloadsInEveryClusterTheUnitedDeploymentOwns() {
        assertThat(check.replicas("host", "shop", "ud")).isEqualTo(Map.of("local", 1, "remote", 2));
    }

    @Test
    void holdsWhenEverySubsetHasItsReplicas() {
        assertThat(check.check(new Step.UnitedDeploymentSubsets("shop", "ud", Map.of("local", 1, "remote", 2)))).isNull();
    }

    @Test
    void aSubsetLeftOutOfTheMapMustHaveNone() {
        assertThat(check.check(new Step.UnitedDeploymentSubsets("shop", "ud", Map.of("local", 1))))
                .isEqualTo("saw {local: 1, remote: 2}");
    }

    @Test
    void aMissingUnitedDeploymentIsSaid() {
        assertThat(check.check(new Step.UnitedDeploymentSubsets("shop", "none", Map.of())))
                .isEqualTo("no UnitedDeployment shop/none in host");
    }
}
