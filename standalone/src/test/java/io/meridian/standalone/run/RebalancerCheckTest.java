package io.meridian.standalone.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedFleet;
import io.meridian.standalone.scenario.ScenarioParser;
import io.meridian.standalone.scenario.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The {@code rebalancer} expectation and {@code delete} of a WorkloadRebalancer, on simulated clusters alone. */
class RebalancerCheckTest {
    private static SimulatedFleet fleet;

    @BeforeAll
    static void start() {
        fleet = SimulatedFleet.start(ScenarioParser.parse("""
                clusters:
                  - name: host
                    zones: [{name: z1, nodes: 1, podsPerNode: 10}]
                """).clusters(), SimOptions.DEFAULTS);
    }

    @AfterAll
    static void stop() {
        fleet.close();
    }

    /** Created, then its status written through the status subresource, as the gateway's applier does. */
    static void rebalancerWithStatus(String apiVersion, String name) {
        GenericKubernetesResource created = fleet.host().api().apply("""
                apiVersion: %s
                kind: WorkloadRebalancer
                metadata: {name: %s}
                spec:
                  workloads: [{apiVersion: apps/v1, kind: Deployment, namespace: default, name: web},
                              {apiVersion: apps/v1, kind: Deployment, namespace: default, name: gone},
                              {apiVersion: apps/v1, kind: Deployment, namespace: default, name: slow}]
                """.formatted(apiVersion, name)).get(0);
        created.setAdditionalProperty("status", Serialization.unmarshal("""
                {"observedWorkloads": [
                  {"workload": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default", "name": "gone"},
                   "result": "Failed", "reason": "ReferencedBindingNotFound"},
                  {"workload": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default", "name": "slow"}},
                  {"workload": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "default", "name": "web"},
                   "result": "Successful"}]}""", java.util.Map.class));
        ResourceDefinitionContext context = new ResourceDefinitionContext.Builder()
                .withGroup(apiVersion.substring(0, apiVersion.indexOf('/')))
                .withVersion(apiVersion.substring(apiVersion.indexOf('/') + 1)).withKind("WorkloadRebalancer")
                .withPlural("workloadrebalancers").withNamespaced(false).build();
        fleet.host().client().genericKubernetesResources(context).resource(created).updateStatus();
    }

    static Step.RebalancerResults expected(String name, String... nameAndResult) {
        List<Step.ObservedWorkload> observed = new ArrayList<>();
        for (int i = 0; i < nameAndResult.length; i += 2) {
            observed.add(new Step.ObservedWorkload(nameAndResult[i], nameAndResult[i + 1]));
        }
        return new Step.RebalancerResults(name, observed);
    }

    @Test
    void holdsWhenEveryObservedWorkloadHasItsResult() {
        rebalancerWithStatus("apps.karmada.io/v1alpha1", "upstream");

        ScenarioRunner.Check check = new RebalancerCheck(fleet)
                .check(expected("upstream", "web", "Successful", "gone", "Failed", "slow", "Pending"));

        assertThat(check.holds()).as(check.seen()).isTrue();
    }

    @Test
    void failsOnAnotherResultAndSaysWhatItSaw() {
        rebalancerWithStatus("apps.meridian.io/v1alpha1", "ours");

        ScenarioRunner.Check check = new RebalancerCheck(fleet)
                .check(expected("ours", "web", "Successful", "gone", "Successful", "slow", "Pending"));

        assertThat(check.holds()).isFalse();
        assertThat(check.seen()).isEqualTo("saw observedWorkloads [gone: Failed (ReferencedBindingNotFound), "
                + "slow: Pending, web: Successful]");
    }

    @Test
    void failsWhenAnObservedWorkloadIsNotListed() {
        rebalancerWithStatus("apps.karmada.io/v1alpha1", "partial");

        assertThat(new RebalancerCheck(fleet).check(expected("partial", "web", "Successful")).holds()).isFalse();
    }

    @Test
    void failsWhenThereIsNoSuchRebalancer() {
        ScenarioRunner.Check check = new RebalancerCheck(fleet).check(expected("absent", "web", "Successful"));

        assertThat(check.holds()).isFalse();
        assertThat(check.seen()).isEqualTo("no WorkloadRebalancer absent in host");
    }

    @Test
    void aDeleteStepRemovesAWorkloadRebalancer() {
        rebalancerWithStatus("apps.karmada.io/v1alpha1", "doomed");
        ScenarioRunner runner = new ScenarioRunner(fleet, result -> { }, true);

        StepResult result = runner.run("step 0", new Step.Delete("host", "WorkloadRebalancer", null, "doomed"));

        assertThat(result.ok()).as(result.detail()).isTrue();
        assertThat(fleet.host().api().get("WorkloadRebalancer", null, "doomed")).isNull();
    }
}
