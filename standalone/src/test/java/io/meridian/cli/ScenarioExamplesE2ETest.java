package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The WorkloadSpread and federation scenarios of {@code ../shared/scenarios/examples} must pass end to end: every service,
 * Kafka, PostgreSQL and the simulated clusters in this process, run as {@code meridian demo --scenario FILE --check}.
 * Tagged {@code e2e} and left out of the default build until the command-service and gateway decide admissions;
 * run with {@code ./mvnw -o -B -pl standalone test -Dmeridian.excludedGroups= -Dgroups=e2e}.
 */
@Tag("e2e")
class ScenarioExamplesE2ETest {
    private static final Path EXAMPLES = Path.of("../../shared/scenarios/examples");

    @ParameterizedTest
    @ValueSource(strings = {"elastic-ack-eci.yaml", "multi-domain.yaml", "federation-static-weights.yaml"})
    void passesWithCheck(String name) {
        Path file = EXAMPLES.resolve(name);
        assumeTrue(Files.isRegularFile(file), "no " + file + " here");

        DemoCommandTest.Run run = DemoCommandTest.run("demo", "--scenario", file.toString(), "--check");
        System.out.print(run.err() + run.out());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(Arrays.stream(run.out().split("\\R")).filter(l -> !l.isBlank()))
                .isNotEmpty().allMatch(l -> l.startsWith("ok  "));
    }
}
