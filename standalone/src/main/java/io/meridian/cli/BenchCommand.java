package io.meridian.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code meridian bench}: load benchmarks over the standalone runtime. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks over the standalone runtime (results: docs/benchmarks.md).",
        subcommands = AdmissionBenchCommand.class)
public final class BenchCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}
