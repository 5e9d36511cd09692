package io.meridian.cli;

import io.meridian.conformance.ConformanceRunner;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "conformance", description = "Run conformance case files through the decision kernel.")
public final class ConformanceCommand implements Callable<Integer> {
    /** The shared case folder beside the checkout; {@code meridian.home} is set by bin/meridian. */
    static Path defaultCases() {
        return Path.of(System.getProperty("meridian.home", ".")).resolve(Path.of("..", "shared", "conformance")).normalize();
    }

    @Parameters(arity = "0..*", paramLabel = "FILE_OR_DIR",
            description = "Case files or folders (default: ../shared/conformance).")
    List<Path> paths;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<Path> roots = paths == null || paths.isEmpty() ? List.of(defaultCases()) : paths;
        PrintStream out = new PrintStream(new WriterOutputStream(spec.commandLine().getOut()), true);
        return new ConformanceRunner(out).run(roots).ok() ? 0 : 1;
    }
}
