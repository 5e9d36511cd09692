package io.meridian.bench.federation;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code meridian bench memory}: see {@link MemoryFootprint}. The last line is the JSON result. */
@Command(name = "memory", description = {"The command-service's cluster state holding the agents' reports of"
        + " 100 clusters, 5,000 workloads and 100,000 pods: used heap after a full GC. With --service, the whole"
        + " command-service fed through Kafka (see ServiceMemory)."})
public final class MemoryCommand implements Callable<Integer> {

    @Option(names = "--clusters", defaultValue = "100", description = "Member clusters (default ${DEFAULT-VALUE}).")
    int clusters;

    @Option(names = "--workloads", defaultValue = "5000", description = "Resource templates (default ${DEFAULT-VALUE}).")
    int workloads;

    @Option(names = "--pods", defaultValue = "100000", description = "Pods in all members (default ${DEFAULT-VALUE}).")
    int pods;

    @Option(names = "--histogram", description = "Also print the 20 classes holding most of the heap.")
    boolean histogram;

    @Option(names = "--shared-text", description = "Hold equal text values once (a proposed ClusterState change).")
    boolean sharedText;

    @Option(names = "--service", description = "Measure the whole command-service, fed through Kafka, not the state alone.")
    boolean service;

    @Option(names = "--timeout", defaultValue = "1800", description = "With --service: seconds to wait for the feed"
            + " and the syncs (default ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        if (service) {
            ServiceMemory.Result result = ServiceMemory.measure(new FleetShape(clusters, 10, workloads, 2, pods),
                    BenchOutput.progress(spec.commandLine().getErr()), histogram, java.time.Duration.ofSeconds(timeoutSeconds));
            out.println(result.json());
            out.flush();
            return 0;
        }
        MemoryFootprint.Result result = MemoryFootprint.measure(new FleetShape(clusters, 10, workloads, 2, pods),
                BenchOutput.progress(spec.commandLine().getErr()), histogram, sharedText);
        out.println(result.json());
        out.flush();
        return 0;
    }
}
