package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchCommandTest {

    @Test
    void askedForHelpTheBenchCommandPrintsItsUsageAndSucceeds() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = MeridianCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err));

        int exit = cli.execute("bench", "--help");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("Usage: meridian bench").contains("admission");
        assertThat(err.toString()).doesNotContain("Unknown option");
    }
}
