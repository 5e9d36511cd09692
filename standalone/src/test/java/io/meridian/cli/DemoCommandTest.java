package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DemoCommandTest {
    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void aScenarioThatCannotBeReadIsOneLineAndExitTwo() throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, """
                clusters: [{name: member1, zones: [{name: z, nodes: 1, podsPerNode: 1}]}]
                steps:
                  - expect: {within: 60x, workloadSpread: {name: ws}, subsets: {a: 1}}
                """);

        Run run = run("demo", "--scenario", file.toString(), "--check");

        assertThat(run.exit()).isEqualTo(DemoCommand.UNREADABLE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo(file + ": steps[0].expect.within: '60x' is not a duration; use a number with ms, s, m or h"
                + " (e.g. 500ms, 60s, 2m)" + System.lineSeparator());
    }

    @Test
    void aMissingFileIsOneLine() {
        Run run = run("demo", "--scenario", dir.resolve("nope.yaml").toString(), "--check");

        assertThat(run.exit()).isEqualTo(DemoCommand.UNREADABLE);
        assertThat(run.err().strip()).isEqualTo(dir.resolve("nope.yaml") + ": no such file");
    }

    @Test
    void theBuiltInDemoShowsTheSpreadItApplies() throws Exception {
        var scenario = io.meridian.standalone.scenario.ScenarioParser.parse(new String(
                DemoCommand.class.getResourceAsStream("/io/meridian/standalone/demo.yaml").readAllBytes()));
        assertThat(DemoCommand.spreadsOf(scenario)).containsExactly(new DemoCommand.SpreadRef("member1", "deploy", "ws-demo"));
    }
}
