package io.meridian.standalone.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.sim.ClusterSpec;
import io.meridian.sim.SimOptions;
import io.meridian.standalone.StandaloneRuntime;
import io.meridian.standalone.scenario.Scenario;
import io.meridian.standalone.scenario.ScenarioParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The federation scenarios of {@code src/test/resources/scenarios/federation} share one fleet (member1 the host,
 * member2, member3), so one standalone runtime per test class runs them one after the other; each scenario cleans
 * up after itself (the test classes extend this one). Member clusters turn Unreachable after {@value #UNREACHABLE_SECONDS} s here.
 */
abstract class FederationRuntime {
    static final String UNREACHABLE_SECONDS = "12";
    static final String UNREACHABLE_PROPERTY = "MERIDIAN_FAILOVER_UNREACHABLE_SECONDS";
    static StandaloneRuntime runtime;

    @BeforeAll
    static void startRuntime() {
        runtime = start();
    }

    @AfterAll
    static void stopRuntime() {
        stop(runtime);
        runtime = null;
    }

    static StandaloneRuntime start() {
        System.setProperty(UNREACHABLE_PROPERTY, UNREACHABLE_SECONDS);
        List<ClusterSpec> fleet = scenario("duplicated.yaml").clusters();
        return StandaloneRuntime.start(fleet, SimOptions.DEFAULTS, StandaloneRuntime.Progress.SILENT);
    }

    static void stop(StandaloneRuntime runtime) {
        if (runtime != null) {
            runtime.close();
        }
        System.clearProperty(UNREACHABLE_PROPERTY);
    }

    static Scenario scenario(String name) {
        try (InputStream in = FederationRuntime.class.getResourceAsStream("/scenarios/federation/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no scenario " + name);
            }
            return ScenarioParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Scenario file(Path path) {
        try {
            return ScenarioParser.parse(Files.readString(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs the scenario on the shared fleet (whose clusters it must name a subset of); returns the printed lines. */
    static List<String> runAll(StandaloneRuntime runtime, Scenario scenario) {
        List<String> fleet = runtime.fleet().clusters().stream().map(c -> c.name()).toList();
        assertThat(fleet).containsAll(scenario.clusters().stream().map(ClusterSpec::name).toList());
        List<String> lines = new ArrayList<>();
        ScenarioRunner.Outcome outcome = new ScenarioRunner(runtime.fleet(), result -> {
            lines.add(result.line());
            System.out.println(result.line());
        }, true).run(scenario);
        assertThat(outcome.passed()).as(String.join("\n", lines)).isTrue();
        return lines;
    }
}
