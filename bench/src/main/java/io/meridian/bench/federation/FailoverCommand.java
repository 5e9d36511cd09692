package io.meridian.bench.federation;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code meridian bench failover}: see {@link FailoverBench}. The last line is the JSON result. */
@Command(name = "failover", description = {"A member declared unreachable: per template, milliseconds until its"
        + " replicas are held by another member cluster (p50, p99)."})
public final class FailoverCommand implements Callable<Integer> {

    @Option(names = "--workloads", defaultValue = "1000", description = "Resource templates (default ${DEFAULT-VALUE}).")
    int workloads;

    @Option(names = "--clusters", defaultValue = "100", description = "Member clusters (default ${DEFAULT-VALUE}).")
    int clusters;

    @Option(names = "--replicas", defaultValue = "4", description = "Replicas per template (default ${DEFAULT-VALUE}).")
    int replicas;

    @Option(names = "--timeout", defaultValue = "900", description = "Seconds to wait for each phase (default ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        try {
            return measure();
        } catch (RuntimeException e) {
            BenchOutput.failed(spec.commandLine().getErr(), e);
            return 1;
        }
    }

    private int measure() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        FailoverBench.Result result = new FailoverBench(
                new FailoverBench.Settings(workloads, clusters, replicas, Duration.ofSeconds(timeoutSeconds)),
                BenchOutput.progress(spec.commandLine().getErr())).run();
        out.printf(Locale.ROOT, "failover: %d workloads, %d member clusters; the member was declared unreachable %.1f s"
                        + " after it was cut off; from then to the replicas held elsewhere: p50 %.1f ms, p99 %.1f ms,"
                        + " max %.1f ms (target p99 <= 1 s)%n", result.workloads(), result.clusters(),
                result.detectionSeconds(), result.p50Millis(), result.p99Millis(), result.maxMillis());
        out.println(result.json());
        out.flush();
        return 0;
    }
}
