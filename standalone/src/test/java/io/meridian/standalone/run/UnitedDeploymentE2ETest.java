package io.meridian.standalone.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.meridian.sim.SimOptions;
import io.meridian.sim.SimulatedCluster;
import io.meridian.standalone.StandaloneRuntime;
import io.meridian.standalone.scenario.Scenario;
import io.meridian.standalone.scenario.ScenarioParser;
import io.meridian.standalone.scenario.Step;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * UnitedDeployments end to end over one standalone runtime (every service, Kafka, PostgreSQL) and one simulated
 * fleet shared by the scenarios of {@code scenarios/ud/} (they declare the same clusters and use their own
 * namespaces): the scale subresource, subsets in two member clusters, fixed and percentage replicas, Adaptive
 * with a full zone. In the default run: about a minute of scenarios once the runtime is up.
 */
class UnitedDeploymentE2ETest {
    private static final String SCENARIOS = "/scenarios/ud/";
    private static StandaloneRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = StandaloneRuntime.start(scenario("two-member-clusters.yaml").clusters(), SimOptions.DEFAULTS,
                StandaloneRuntime.Progress.SILENT);
    }

    @AfterAll
    static void stop() {
        FederationRuntime.stop(runtime);
    }

    @AfterEach
    void recoverEveryCluster() {
        runtime.fleet().clusters().forEach(SimulatedCluster::recover);
    }

    static Scenario scenario(String name) {
        try (InputStream in = UnitedDeploymentE2ETest.class.getResourceAsStream(SCENARIOS + name)) {
            return ScenarioParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs the scenario on the shared fleet as {@code --check} does. */
    private static void check(Scenario scenario) {
        FederationRuntime.runAll(runtime, scenario);
    }

    @Test
    void aUnitedDeploymentIsScaledThroughTheScaleSubresource() {
        Path example = Path.of("../../shared/scenarios/examples/ud-capacity-planning.yaml");
        Scenario scenario = Files.isRegularFile(example) ? FederationRuntime.file(example)
                : scenario("two-member-clusters.yaml");
        check(scenario);
    }

    @Test
    void anHpaLikeClientScalesAUnitedDeploymentOverTheKubeconfig() {
        check(scenario("two-member-clusters.yaml"));
        ResourceDefinitionContext context = new ResourceDefinitionContext.Builder().withGroup("apps.meridian.io")
                .withVersion("v1alpha1").withKind("UnitedDeployment").withPlural("uniteddeployments").withNamespaced(true)
                .build();
        try (KubernetesClient outsider = runtime.fleet().host().newExternalClient()) {
            outsider.genericKubernetesResources(context).inNamespace("ud-members").withName("spread").scale(4);
        }
        UnitedDeploymentCheck subsets = new UnitedDeploymentCheck(runtime.fleet());
        Step.UnitedDeploymentSubsets expected = new Step.UnitedDeploymentSubsets("ud-members", "spread",
                Map.of("east", 2, "west", 2));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> subsets.check(expected) == null);
    }

    @Test
    void aUnitedDeploymentWhoseSubsetsLiveInTwoMemberClustersHasItsWorkloadsThere() {
        check(scenario("two-member-clusters.yaml"));
        for (String member : List.of("member2", "member3")) {
            assertThat(runtime.fleet().cluster(member).client().genericKubernetesResources("apps.kruise.io/v1alpha1", "CloneSet")
                    .inNamespace("ud-members").list().getItems()).as(member).hasSize(1);
        }
        assertThat(runtime.fleet().host().client().genericKubernetesResources("apps.kruise.io/v1alpha1", "CloneSet")
                .inNamespace("ud-members").list().getItems()).isEmpty();
    }

    @Test
    void fixedPercentageAndSharedReplicasAreAllocatedAsUpstream() {
        check(scenario("specific-replicas.yaml"));
    }

    @Test
    void anAdaptiveUnitedDeploymentMovesReplicasOutOfAFullZone() {
        check(scenario("adaptive-zone-full.yaml"));
    }
}
