package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The WorkloadRebalancer scenarios ({@code scenarios/rebalancer/}): each runs end to end as
 * {@code meridian demo --scenario FILE --check}, every service, Kafka, PostgreSQL and the simulated clusters in this
 * process, with the replicas per cluster asserted at every stage. The four situations a rebalancer exists for (each
 * waits for a member to be declared unreachable, or for capacity reports) are also tagged soak; all run by default.
 */
@Tag("e2e")
class RebalancerScenariosE2ETest {
    /** Members are declared unreachable after 12 s without heartbeats here (30 by default), as in the federation tests. */
    static final String UNREACHABLE_PROPERTY = "MERIDIAN_FAILOVER_UNREACHABLE_SECONDS";

    @BeforeAll
    static void quickerFailover() {
        System.setProperty(UNREACHABLE_PROPERTY, "12");
    }

    @AfterAll
    static void defaultFailover() {
        System.clearProperty(UNREACHABLE_PROPERTY);
    }

    static void passesWithCheck(String name) throws URISyntaxException {
        Path file = Path.of(RebalancerScenariosE2ETest.class.getResource("/scenarios/rebalancer/" + name).toURI());

        DemoCommandTest.Run run = DemoCommandTest.run("demo", "--scenario", file.toString(), "--check");
        System.out.print(run.err() + run.out());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(Arrays.stream(run.out().split("\\R")).filter(l -> !l.isBlank()))
                .isNotEmpty().allMatch(l -> l.startsWith("ok  "));
    }

    @Test
    void aMissingWorkloadFailsWithReferencedBindingNotFound() throws URISyntaxException {
        passesWithCheck("missing-workload.yaml");
    }

    @Test
    void aUnitedDeploymentIsATarget() throws URISyntaxException {
        passesWithCheck("united-deployment-target.yaml");
    }

    @Tag("soak")
    @ParameterizedTest
    @ValueSource(strings = {"failover-then-rebalance.yaml", "squeezed-expands.yaml", "aggregated-gathered.yaml",
            "disaster-recovery.yaml", "dry-run-and-selector.yaml"})
    void theSituationsARebalancerIsFor(String name) throws URISyntaxException {
        passesWithCheck(name);
    }
}
