package io.meridian.cli;

import io.meridian.cli.apply.DemoFiles;
import io.meridian.sim.SimOptions;
import io.meridian.standalone.StandaloneRuntime;
import io.meridian.standalone.run.FleetObserver;
import io.meridian.standalone.run.LiveDisplay;
import io.meridian.standalone.run.ScenarioRunner;
import io.meridian.standalone.run.SpreadSnapshot;
import io.meridian.standalone.scenario.Durations;
import io.meridian.standalone.scenario.Scenario;
import io.meridian.standalone.scenario.ScenarioException;
import io.meridian.standalone.scenario.ScenarioParser;
import io.meridian.standalone.scenario.Step;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code meridian demo}: every service, Kafka, PostgreSQL and simulated clusters in this process, running the
 * built-in demo (or {@code --scenario FILE}) with a live table per WorkloadSpread, then serving until Ctrl-C.
 * With {@code --check}: one line per step, exit 1 at the first failed step, 2 for a scenario that cannot be read.
 */
@Command(name = "demo", description = {"Run Meridian with simulated clusters on the built-in demo or a scenario file.",
        "Without --check it shows a live table per WorkloadSpread and keeps serving until Ctrl-C."})
public final class DemoCommand implements Callable<Integer> {
    static final int PASSED = 0;
    static final int FAILED = 1;
    static final int UNREADABLE = 2;
    private static final String BUILT_IN = "/io/meridian/standalone/demo.yaml";

    @Option(names = "--scenario", paramLabel = "FILE", description = "A scenario file (../shared/scenarios/README.md format).")
    Path scenarioFile;

    @Option(names = "--check", description = "Print one line per step and exit non-zero at the first failed step.")
    boolean check;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Ends the serving phase (tests); Ctrl-C does it for a person. */
    final CountDownLatch stop = new CountDownLatch(1);
    private volatile ScenarioRunner running;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Scenario scenario;
        try {
            scenario = scenarioFile == null ? builtIn() : ScenarioParser.parse(scenarioFile);
        } catch (ScenarioException e) {
            err.println(e.getMessage());
            err.flush();
            return UNREADABLE;
        }
        long start = System.nanoTime();
        StandaloneRuntime runtime;
        try {
            runtime = StandaloneRuntime.start(scenario.clusters(), SimOptions.DEFAULTS, line -> {
                err.println("started " + line);
                err.flush();
            });
        } catch (RuntimeException e) {
            err.println("meridian: cannot start: " + oneLine(e));
            err.flush();
            return FAILED;
        }
        Thread closer = new Thread(() -> {
            ScenarioRunner runner = running;
            if (runner != null) {
                runner.cancel();
            }
            stop.countDown();
            runtime.close();
        }, "meridian-shutdown");
        Runtime.getRuntime().addShutdownHook(closer);
        try {
            return check ? check(scenario, runtime, out) : demo(scenario, runtime, out, start);
        } finally {
            if (check || stop.getCount() == 0) {
                try {
                    Runtime.getRuntime().removeShutdownHook(closer);
                    runtime.close();
                } catch (IllegalStateException shuttingDown) {
                    // the hook is already closing everything
                }
            }
        }
    }

    private int check(Scenario scenario, StandaloneRuntime runtime, PrintWriter out) {
        running = new ScenarioRunner(runtime.fleet(), result -> {
            out.println(result.line());
            out.flush();
        }, true);
        ScenarioRunner.Outcome outcome = running.run(scenario);
        return outcome.passed() ? PASSED : FAILED;
    }

    private int demo(Scenario scenario, StandaloneRuntime runtime, PrintWriter out, long start) {
        FleetObserver observer = new FleetObserver(runtime.fleet());
        List<SpreadRef> spreads = spreadsOf(scenario);
        int steps = scenario.apply().size() + scenario.steps().size();
        ScenarioRunner.Outcome outcome;
        try (LiveDisplay display = new LiveDisplay(out, LiveDisplay.isTerminal(),
                () -> spreads.stream().map(s -> observer.spread(s.cluster(), s.namespace(), s.name())).toList(), steps)) {
            running = new ScenarioRunner(runtime.fleet(), display, false);
            outcome = running.run(scenario);
        }
        if (stop.getCount() == 0) {
            return FAILED;
        }
        out.println();
        out.println((outcome.passed() ? "All " + outcome.results().size() + " steps ok"
                : outcome.failures() + " of " + outcome.results().size() + " steps failed")
                + " in " + Durations.format(Duration.ofNanos(System.nanoTime() - start)) + " (start-up included).");
        for (SpreadRef s : spreads) {
            out.println("History of " + s.name() + ": " + runtime.historyUrl(s.cluster(), s.namespace(), s.name()));
        }
        out.println("Kafka: " + runtime.kafkaBootstrap() + "   gateway: " + runtime.gatewayUrl()
                + "   command-service: " + runtime.commandUrl() + "   projections: " + runtime.projectionUrl());
        runtime.fleet().kubeconfigs().forEach((name, path) -> out.println("kubeconfig of " + name + ": " + path));
        out.println("Host kubeconfig for bin/meridian apply: "
                + DemoFiles.write(runtime.fleet().kubeconfigs().get(scenario.hostCluster()), runtime.commandUrl()));
        out.println("Serving until Ctrl-C.");
        out.flush();
        try {
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            DemoFiles.remove();
        }
        return outcome.passed() ? PASSED : FAILED;
    }

    /** The WorkloadSpreads the scenario checks, else those it applies. */
    static List<SpreadRef> spreadsOf(Scenario scenario) {
        Set<SpreadRef> found = new LinkedHashSet<>();
        for (Step step : scenario.steps()) {
            if (step instanceof Step.Expect e && e.expectation() instanceof Step.WorkloadSpreadSubsets ws) {
                found.add(new SpreadRef(ws.cluster(), ws.namespace(), ws.name()));
            }
        }
        if (found.isEmpty()) {
            for (Scenario.Manifest manifest : scenario.apply()) {
                found.addAll(SpreadRef.inManifest(manifest.cluster(), manifest.manifest()));
            }
        }
        return new ArrayList<>(found);
    }

    /** One WorkloadSpread by cluster, namespace and name. */
    record SpreadRef(String cluster, String namespace, String name) {
        static List<SpreadRef> inManifest(String cluster, String manifest) {
            List<SpreadRef> out = new ArrayList<>();
            try {
                var docs = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                        .readerFor(com.fasterxml.jackson.databind.JsonNode.class).<com.fasterxml.jackson.databind.JsonNode>readValues(manifest);
                while (docs.hasNext()) {
                    var doc = docs.next();
                    if (doc != null && "WorkloadSpread".equals(doc.path("kind").asText())) {
                        out.add(new SpreadRef(cluster, doc.path("metadata").path("namespace").asText("default"),
                                doc.path("metadata").path("name").asText()));
                    }
                }
            } catch (IOException e) {
                // the parser has read it already; nothing to show
            }
            return out;
        }
    }

    private static Scenario builtIn() {
        try (InputStream in = DemoCommand.class.getResourceAsStream(BUILT_IN)) {
            if (in == null) {
                throw new IllegalStateException("the built-in demo " + BUILT_IN + " is missing from the jar");
            }
            return ScenarioParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.toString() : root.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
