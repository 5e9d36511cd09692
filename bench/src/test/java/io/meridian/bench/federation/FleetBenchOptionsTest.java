package io.meridian.bench.federation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class FleetBenchOptionsTest {
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine meridian = FederationBenchCli.commandLine();
        meridian.setErr(new PrintWriter(err, true));
        meridian.setOut(new PrintWriter(new StringWriter(), true));
        return meridian.execute(args);
    }

    @Test
    void aFailoverOfNoWorkloadsIsRefusedInOneLineNamingTheOption() {
        int exit = run("bench", "failover", "--workloads", "-1");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("meridian: --workloads: must be >= 1, was -1" + System.lineSeparator());
    }

    @Test
    void aWarmUpFailoverNeedsAThirdMember() {
        int exit = run("bench", "failover", "--clusters", "2", "--warmup-workloads", "10");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).startsWith("meridian: --warmup-workloads: needs --clusters >= 3");
    }

    @Test
    void aRebalanceOverAnOddNumberOfMembersIsRefused() {
        int exit = run("bench", "rebalance", "--clusters", "5");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("meridian: --clusters: must be even (members come in pairs), was 5"
                + System.lineSeparator());
    }

    @Test
    void aFleetOfOneReplicaPerTemplateIsRefusedByEitherBenchmark() {
        assertThat(run("bench", "rebalance", "--replicas", "1")).isEqualTo(2);
        assertThat(run("bench", "failover", "--replicas", "1")).isEqualTo(2);
        assertThat(err.toString()).contains("meridian: --replicas: must be >= 2, was 1");
    }
}
