package io.meridian.bench.federation;

import io.meridian.cli.MeridianCommand;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bin/meridian bench ...}: the meridian command line with the federation benchmarks under
 * {@code bench} (the {@code bench} command the standalone CLI has, or a new one when it has none).
 */
public final class FederationBenchCli {

    private FederationBenchCli() {
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    public static CommandLine commandLine() {
        CommandLine meridian = MeridianCommand.commandLine();
        CommandLine bench = meridian.getSubcommands().get("bench");
        if (bench == null) {
            bench = new CommandLine(CommandSpec.create().name("bench").mixinStandardHelpOptions(true)
                    .usageMessage(new CommandLine.Model.UsageMessageSpec().description("Load benchmarks.")));
            meridian.addSubcommand("bench", bench);
        }
        bench.addSubcommand("rebalance", new RebalanceCommand());
        bench.addSubcommand("failover", new FailoverCommand());
        bench.addSubcommand("memory", new MemoryCommand());
        return meridian;
    }
}
