package io.meridian.standalone.run;

import io.meridian.sim.SimOptions;
import io.meridian.standalone.StandaloneRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An Adaptive UnitedDeployment whose member cluster becomes unreachable (declared after
 * {@value FederationRuntime#UNREACHABLE_SECONDS} s, as in the federation tests): its subset keeps its ready pods,
 * the next scale-up goes to the other member. Its own runtime, so a cut-off cluster cannot disturb the other
 * UnitedDeployment tests.
 *
 * <p>Disabled: over the standalone runtime the other member's subset stays at 0 (seen {east: 4, west: 0} after
 * 150 s), although the aggregate does the right thing given an unreachable member
 * ({@code UnitedDeploymentAggregateTest.anUnreachableMemberMakesItsAdaptiveSubsetUnschedulableSoTheRestGoesElsewhere})
 * and the feed passes the member on ({@code UnitedDeploymentFeedTest.anUnreachableMemberReconciles...}). Not found
 * yet: whether {@code MemberClusterUnreachable} reaches the {@code ud-triggers} processor in the runtime.
 */
@Tag("e2e")
@Tag("soak")
@Disabled("the unreachable member's subset does not move over the runtime yet; see the class comment")
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
