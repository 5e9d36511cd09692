package io.meridian.standalone.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.standalone.scenario.Scenario;
import io.meridian.standalone.scenario.Step;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Failover and failback end to end (long: a member must miss heartbeats for 12 s, recover, and stay healthy for
 * the policy's stabilizationSeconds). Tagged {@code e2e}; one runtime for the class.
 */
@Tag("e2e")
@Tag("soak")
class FederationFailoverE2ETest extends FederationRuntime {
    @Test
    void anUnreachableMemberFailsOverAndWithoutFailbackNothingMovesBack() {
        FederationRuntime.runAll(runtime, FederationRuntime.scenario("failover-recover.yaml"));
    }

    @Test
    void failbackWaitsForTheStabilizationWindow() {
        Scenario scenario = FederationRuntime.scenario("failback.yaml");
        ScenarioRunner runner = new ScenarioRunner(runtime.fleet(), result -> System.out.println(result.line()), true);
        for (int i = 0; i < scenario.apply().size(); i++) {
            Scenario.Manifest manifest = scenario.apply().get(i);
            assertThat(runner.run("apply " + i, new Step.Apply(manifest.cluster(), manifest.manifest())).ok()).isTrue();
        }
        long recoveredAt = 0;
        for (int i = 0; i < scenario.steps().size(); i++) {
            Step step = scenario.steps().get(i);
            StepResult result = runner.run("step " + i, step);
            assertThat(result.ok()).as(result.line()).isTrue();
            if (step instanceof Step.Recover) {
                recoveredAt = System.nanoTime();
                awaitHostReplicas("web-fb", 6, Duration.ofSeconds(150));
                Duration tookToFailBack = Duration.ofNanos(System.nanoTime() - recoveredAt);
                // stabilizationSeconds is 15: the fresh reschedule cannot come before the member is healthy that long
                assertThat(tookToFailBack).isGreaterThanOrEqualTo(Duration.ofSeconds(15));
            }
        }
        assertThat(recoveredAt).isPositive();
    }

    private static void awaitHostReplicas(String name, int replicas, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        int seen = -1;
        while (System.nanoTime() < deadline) {
            GenericKubernetesResource template = runtime.fleet().cluster("member1").api().get("Deployment", "default", name);
            Object spec = template == null ? null : template.getAdditionalProperties().get("spec");
            seen = spec instanceof Map<?, ?> map && map.get("replicas") instanceof Number n ? n.intValue() : -1;
            if (seen == replicas) {
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError("the host's " + name + " has " + seen + " replicas, not " + replicas + ", after " + within);
    }
}
