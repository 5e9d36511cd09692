package io.meridian.cli;

import io.meridian.core.KernelVersion;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "version", description = "Print the Meridian and decision-kernel versions.")
public final class VersionCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        for (String line : new Provider().getVersion()) {
            spec.commandLine().getOut().println(line);
        }
        return 0;
    }

    static final class Provider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = MeridianCommand.class.getPackage().getImplementationVersion();
            return new String[] {
                "meridian " + (version == null ? "development" : version),
                "kernel " + KernelVersion.VALUE,
                "java " + System.getProperty("java.version")
            };
        }
    }
}
