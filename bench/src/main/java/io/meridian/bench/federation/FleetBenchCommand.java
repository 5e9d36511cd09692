package io.meridian.bench.federation;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * A bench command over a simulated fleet ({@link FleetOptions}): runs {@link #measure} and reports a failure on the
 * error stream with exit code 1. The result lines go to {@code out}, the progress to {@code err}.
 */
abstract class FleetBenchCommand implements Callable<Integer> {

    @CommandLine.Mixin
    FleetOptions fleet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        return BenchOutput.reporting(err, () -> {
            int exit = measure(out, err);
            out.flush();
            return exit;
        });
    }

    abstract int measure(PrintWriter out, PrintWriter err) throws InterruptedException;
}
