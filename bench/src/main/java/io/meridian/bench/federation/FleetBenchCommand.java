package io.meridian.bench.federation;

import static io.meridian.cli.OptionRanges.atLeast;
import static io.meridian.cli.OptionRanges.firstOf;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * A bench command over a simulated fleet ({@link FleetOptions}): refuses an option out of its range in one line with
 * exit code 2, runs {@link #measure} and reports a failure on the error stream with exit code 1. The result lines go
 * to {@code out}, the progress to {@code err}.
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
        String invalid = invalidOption();
        if (invalid != null) {
            err.println("meridian: " + invalid);
            err.flush();
            return 2;
        }
        return BenchOutput.reporting(err, () -> {
            int exit = measure(out, err);
            out.flush();
            return exit;
        });
    }

    /** The first option out of its range, as a one-line message naming it and the rule; null when all are fine. */
    String invalidOption() {
        return firstOf(atLeast("--clusters", 2, fleet.clusters), atLeast("--replicas", 2, fleet.replicas),
                atLeast("--timeout", 1, fleet.timeoutSeconds));
    }

    abstract int measure(PrintWriter out, PrintWriter err) throws InterruptedException;
}
