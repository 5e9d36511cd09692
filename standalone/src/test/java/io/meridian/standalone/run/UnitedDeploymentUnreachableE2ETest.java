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
 * the next scale-up goes to the other member. Its own runtime, tagged {@code e2e}: in one loaded run a cluster's API
 * server stopped answering the check for a while after the cut (see the report), and it must not take the
 * other UnitedDeployment tests down with it.
 */
@Tag("e2e")
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
