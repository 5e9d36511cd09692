package io.meridian.standalone.run;

import io.meridian.sim.SimOptions;
import io.meridian.standalone.StandaloneRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An Adaptive UnitedDeployment whose member cluster becomes unreachable (declared after
 * {@value FederationRuntime#UNREACHABLE_SECONDS} s, as in the federation tests): its subset keeps its ready pods,
 * the next scale-up goes to the other member. Its own runtime, so a cut-off cluster cannot disturb the other
 * UnitedDeployment tests.
 *
 * <p>{@code MemberClusterUnreachable} does reach the {@code ud-triggers} processor (west takes the scale-up
 * within seconds of the member being declared unreachable). The subset keeps the pods last <em>reported</em> ready,
 * so the scenario waits for east's pods to be Ready and reported before the cut: cut 3 s after the replicas were
 * set, a run ended {east: 4, west: 6}, as when east has no pod reported ready. Tagged soak (in the default run): with
 * its own runtime it takes 1 to 3.5 minutes on a busy 2-core machine.
 */
@Tag("e2e")
@Tag("soak")
class UnitedDeploymentUnreachableE2ETest {
    private static StandaloneRuntime runtime;

    @BeforeAll
    static void start() {
        System.setProperty(FederationRuntime.UNREACHABLE_PROPERTY, FederationRuntime.UNREACHABLE_SECONDS);
        runtime = StandaloneRuntime.start(UnitedDeploymentE2ETest.scenario("member-unreachable.yaml").clusters(),
                SimOptions.DEFAULTS, StandaloneRuntime.Progress.SILENT);
    }

    @AfterAll
    static void stop() {
        FederationRuntime.stop(runtime);
    }

    @Test
    void anUnreachableMemberMakesItsAdaptiveSubsetUnschedulableSoTheScaleUpGoesToTheOther() {
        FederationRuntime.runAll(runtime, UnitedDeploymentE2ETest.scenario("member-unreachable.yaml"));
    }
}
