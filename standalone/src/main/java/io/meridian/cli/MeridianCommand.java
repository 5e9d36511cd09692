package io.meridian.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code meridian} command line. */
@Command(name = "meridian", mixinStandardHelpOptions = true, versionProvider = VersionCommand.Provider.class,
        description = "Meridian: spread workloads over zones, node pools and clusters.",
        subcommands = {VersionCommand.class, ConformanceCommand.class, ValidateCommand.class, DemoCommand.class,
                ApplyCommand.class, RebalanceCommand.class, BenchCommand.class})
public final class MeridianCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    public static CommandLine commandLine() {
        return new CommandLine(new MeridianCommand());
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
