package io.meridian.bench.federation;

import static io.meridian.cli.OptionRanges.atLeast;
import static io.meridian.cli.OptionRanges.firstOf;

import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code meridian bench failover}: see {@link FailoverBench}. The last line is the JSON result. */
@Command(name = "failover", description = {"A member declared unreachable: per template, milliseconds until its"
        + " replicas are held by another member cluster (p50, p99)."})
public final class FailoverCommand extends FleetBenchCommand {

    @Option(names = "--workloads", defaultValue = "1000", description = "Resource templates (default ${DEFAULT-VALUE}).")
    int workloads;

    @Option(names = "--warmup-workloads", defaultValue = "0", description = "Templates failed over once before the"
            + " measured failover, over another member that then recovers, so that the measured one runs on compiled"
            + " code (default ${DEFAULT-VALUE}: the process's first failover is measured).")
    int warmupWorkloads;

    @Override
    String invalidOption() {
        String warmup = warmupWorkloads > 0 && fleet.clusters < 3
                ? "--warmup-workloads: needs --clusters >= 3 (a victim, a warm-up member and a survivor), was "
                + fleet.clusters : null;
        return firstOf(super.invalidOption(), atLeast("--workloads", 1, workloads),
                atLeast("--warmup-workloads", 0, warmupWorkloads), warmup);
    }

    @Override
    int measure(PrintWriter out, PrintWriter err) throws InterruptedException {
        FailoverBench.Result result = new FailoverBench(
                new FailoverBench.Settings(workloads, fleet.clusters, fleet.replicas, fleet.timeout(), warmupWorkloads),
                BenchOutput.progress(err)).run();
        out.printf(Locale.ROOT, "failover: %d workloads, %d member clusters; the member was declared unreachable %.1f s"
                        + " after it was cut off; from then to the replicas held elsewhere: p50 %.1f ms, p99 %.1f ms,"
                        + " max %.1f ms (target p99 <= 1 s)%s%n", result.workloads(), result.clusters(),
                result.detectionSeconds(), result.p50Millis(), result.p99Millis(), result.maxMillis(),
                result.warmupWorkloads() == 0 ? "; the process's first failover"
                        : "; after a warm-up failover of " + result.warmupWorkloads() + " templates");
        out.println(result.json());
        return 0;
    }
}
