package io.meridian.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "validate", description = "Validate WorkloadSpread, UnitedDeployment, WorkloadRebalancer and PropagationPolicy manifests.")
public final class ValidateCommand implements Callable<Integer> {

    @Option(names = {"-f", "--filename"}, required = true, description = "Manifest file (YAML or JSON, may hold several documents).")
    Path file;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("validate: not implemented yet");
        return 2;
    }
}
