package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The WorkloadSpread scenarios of {@code ../shared/scenarios/examples}, and this module's own in
 * {@code src/test/resources/scenarios}, must pass end to end: every service, Kafka, PostgreSQL and the simulated
 * clusters in this process, run as {@code meridian demo --scenario FILE --check}.
 */
@Tag("e2e")
class ScenarioExamplesE2ETest {
    private static final Path EXAMPLES = Path.of("../../shared/scenarios/examples");
    private static final Path OWN = Path.of("src/test/resources/scenarios");

    @ParameterizedTest
    @ValueSource(strings = {"elastic-ack-eci.yaml", "multi-domain.yaml", "federation-static-weights.yaml"})
    void passesWithCheck(String name) {
        Path file = EXAMPLES.resolve(name);
        assumeTrue(Files.isRegularFile(file), "no " + file + " here");
        assertPasses(file);
    }

    @ParameterizedTest
    @MethodSource("ownScenarios")
    void ownScenarioPassesWithCheck(Path file) {
        assertPasses(file);
    }

    static Stream<Path> ownScenarios() throws IOException {
        try (Stream<Path> files = Files.list(OWN)) {
            List<Path> yaml = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
            assertThat(yaml).as("scenarios in " + OWN).isNotEmpty();
            return yaml.stream();
        }
    }

    private static void assertPasses(Path file) {
        DemoCommandTest.Run run = DemoCommandTest.run("demo", "--scenario", file.toString(), "--check");
        System.out.print(run.err() + run.out());

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(Arrays.stream(run.out().split("\\R")).filter(l -> !l.isBlank()))
                .isNotEmpty().allMatch(l -> l.startsWith("ok  "));
    }
}
