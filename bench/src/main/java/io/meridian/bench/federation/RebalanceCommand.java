package io.meridian.bench.federation;

import static io.meridian.cli.OptionRanges.atLeast;
import static io.meridian.cli.OptionRanges.firstOf;

import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code meridian bench rebalance}: see {@link RebalanceBench}. The last line is the JSON result. */
@Command(name = "rebalance", description = {"One WorkloadRebalancer naming every template, over simulated members:"
        + " seconds from its creation until every new assignment is decided and held by the member clusters."})
public final class RebalanceCommand extends FleetBenchCommand {
    /** Karmada v1.15's release notes: 15 to 22 bindings scheduled per second for this kind of work. */
    static final double KARMADA_LOW = 15;
    static final double KARMADA_HIGH = 22;

    @Option(names = "--workloads", defaultValue = "5000", description = "Resource templates (default ${DEFAULT-VALUE}).")
    int workloads;

    @Override
    String invalidOption() {
        String pairs = fleet.clusters % 2 != 0 ? "--clusters: must be even (members come in pairs), was " + fleet.clusters
                : null;
        return firstOf(super.invalidOption(), pairs, atLeast("--workloads", 1, workloads));
    }

    @Override
    int measure(PrintWriter out, PrintWriter err) throws InterruptedException {
        RebalanceBench.Result result = new RebalanceBench(
                new RebalanceBench.Settings(workloads, fleet.clusters, fleet.replicas, fleet.timeout()),
                BenchOutput.progress(err)).run();
        out.printf(Locale.ROOT, "rebalance: %d workloads over %d member clusters: every new assignment decided after %.2f s,"
                        + " applied and read back from the members after %.2f s (%.1f workloads/s)%n",
                result.workloads(), result.clusters(), result.decidedSeconds(), result.seconds(), result.perSecond());
        out.printf(Locale.ROOT, "target: <= 10 s on 2 cores; Karmada (v1.15 release notes): %.0f-%.0f bindings/s,"
                        + " i.e. %.0f-%.0f s for %d workloads%n", KARMADA_LOW, KARMADA_HIGH, workloads / KARMADA_HIGH,
                workloads / KARMADA_LOW, workloads);
        out.println(result.json());
        return 0;
    }
}
