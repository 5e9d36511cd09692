package io.meridian.standalone.run;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.meridian.sim.AdmissionDeniedException;
import io.meridian.sim.SimulatedCluster;
import io.meridian.sim.SimulatedFleet;
import io.meridian.standalone.scenario.Scenario;
import io.meridian.standalone.scenario.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs a scenario against a fleet: applies the {@code apply:} manifests, then the steps in order.
 * An {@code expect} polls until it holds or {@code within} has passed. With {@code stopAtFirstFailure}
 * (the {@code --check} mode) the run ends at the first step that fails.
 *
 * <p>With Meridian running, applying a WorkloadSpread ends once Meridian has taken it up (its status shows the
 * applied generation), as upstream's e2e helpers wait before they scale: a pod created before then is admitted
 * unchanged and later adopted by its node (§1.7), so a step that scales right after the apply would race the
 * spread's way through the agent, Kafka and the command-service.
 */
public final class ScenarioRunner {
    static final String NOT_SUPPORTED = "not supported yet";
    static final Duration SPREAD_UPTAKE = Duration.ofSeconds(60);
    private final SimulatedFleet fleet;
    private final FleetObserver observer;
    private final UnitedDeploymentCheck unitedDeployments;
    private final WorkloadClustersCheck workloadClusters;
    private final Listener listener;
    private final boolean stopAtFirstFailure;
    private final Duration pollEvery;
    private final Optional<Duration> spreadUptake;
    private volatile boolean cancelled;

    /** Told about every step as it starts and ends. */
    public interface Listener {
        default void started(String label, String description) {
        }

        void finished(StepResult result);
    }

    /** The results in order; {@link #passed()} when none failed. */
    public record Outcome(List<StepResult> results) {
        public boolean passed() {
            return results.stream().allMatch(StepResult::ok);
        }

        public long failures() {
            return results.stream().filter(r -> !r.ok()).count();
        }
    }

    /** A runner for a fleet that Meridian serves. */
    public ScenarioRunner(SimulatedFleet fleet, Listener listener, boolean stopAtFirstFailure) {
        this(fleet, listener, stopAtFirstFailure, Duration.ofMillis(250), Optional.of(SPREAD_UPTAKE));
    }

    /** A runner for a fleet alone: nothing takes up the WorkloadSpreads it applies. */
    ScenarioRunner(SimulatedFleet fleet, Listener listener, boolean stopAtFirstFailure, Duration pollEvery) {
        this(fleet, listener, stopAtFirstFailure, pollEvery, Optional.empty());
    }

    /** @param spreadUptake how long an applied WorkloadSpread may take to be taken up; empty: not waited for */
    ScenarioRunner(SimulatedFleet fleet, Listener listener, boolean stopAtFirstFailure, Duration pollEvery,
                   Optional<Duration> spreadUptake) {
        this.spreadUptake = spreadUptake;
        this.fleet = fleet;
        this.observer = new FleetObserver(fleet);
        this.unitedDeployments = new UnitedDeploymentCheck(fleet);
        this.workloadClusters = new WorkloadClustersCheck(fleet);
        this.listener = listener;
        this.stopAtFirstFailure = stopAtFirstFailure;
        this.pollEvery = pollEvery;
    }

    /** Ends the run after the current step (whose wait or poll stops early); for Ctrl-C. */
    public void cancel() {
        cancelled = true;
    }

    public Outcome run(Scenario scenario) {
        List<StepResult> results = new ArrayList<>();
        for (int i = 0; i < scenario.apply().size(); i++) {
            Scenario.Manifest manifest = scenario.apply().get(i);
            Step.Apply step = new Step.Apply(manifest.cluster(), manifest.manifest());
            StepResult result = run("apply " + i, step);
            results.add(result);
            if (!result.ok() && stopAtFirstFailure || cancelled) {
                return new Outcome(results);
            }
        }
        for (int i = 0; i < scenario.steps().size(); i++) {
            StepResult result = run("step " + i, scenario.steps().get(i));
            results.add(result);
            if (!result.ok() && stopAtFirstFailure || cancelled) {
                break;
            }
        }
        return new Outcome(results);
    }

    StepResult run(String label, Step step) {
        String description = step.describe();
        listener.started(label, description);
        long start = System.nanoTime();
        String failure;
        try {
            failure = execute(step);
        } catch (AdmissionDeniedException e) {
            failure = "refused by admission: " + e.getMessage();
        } catch (KubernetesClientException e) {
            failure = e.getCode() == 404 ? "not found" : "API error " + e.getCode() + ": " + firstLine(e.getMessage());
        } catch (RuntimeException e) {
            failure = firstLine(e.getMessage() == null ? e.toString() : e.getMessage());
        }
        if (cancelled && failure != null) {
            failure = "stopped";
        }
        StepResult result = new StepResult(label, description, failure == null,
                Duration.ofNanos(System.nanoTime() - start), failure);
        listener.finished(result);
        return result;
    }

    /** Null when the step did what it says, else what went wrong or what was seen instead. */
    private String execute(Step step) {
        if (step instanceof Step.Scale s) {
            fleet.cluster(s.cluster()).api().scale(s.kind(), s.namespace(), s.name(), s.replicas());
        } else if (step instanceof Step.Apply a) {
            SimulatedCluster cluster = fleet.cluster(a.cluster());
            return awaitSpreadsTakenUp(cluster, cluster.api().apply(a.manifest()));
        } else if (step instanceof Step.Delete d) {
            // a namespaced kind without a namespace means "default", as in apply; cluster-scoped kinds ignore it
            String namespace = d.namespace() == null ? "default" : d.namespace();
            if (!fleet.cluster(d.cluster()).api().delete(d.kind(), namespace, d.name())) {
                return "no " + d.kind() + " " + (d.namespace() == null ? "" : d.namespace() + "/") + d.name();
            }
        } else if (step instanceof Step.Fault f) {
            SimulatedCluster cluster = fleet.cluster(f.cluster());
            switch (f.kind()) {
                case ZONE_FULL -> cluster.zoneFull(f.target());
                case NODE_NOT_READY -> cluster.nodeNotReady(f.target());
                case UNREACHABLE -> cluster.unreachable();
            }
        } else if (step instanceof Step.Recover r) {
            fleet.cluster(r.cluster()).recover();
        } else if (step instanceof Step.Wait w) {
            sleep(w.duration());
        } else if (step instanceof Step.Expect e) {
            return expect(e);
        }
        return null;
    }

    private String expect(Step.Expect expect) {
        Supplier<Check> check;
        if (expect.expectation() instanceof Step.RebalancerResults r) {
            check = () -> new RebalancerCheck(fleet).check(r);
        } else if (expect.expectation() instanceof Step.WorkloadSpreadSubsets ws) {
            check = () -> {
                SpreadSnapshot snapshot = observer.spread(ws.cluster(), ws.namespace(), ws.name());
                return new Check(snapshot.matches(ws.subsets()), "saw " + snapshot.describe(ws.subsets()));
            };
        } else if (expect.expectation() instanceof Step.UnitedDeploymentSubsets ud) {
            check = () -> Check.of(unitedDeployments.check(ud));
        } else if (expect.expectation() instanceof Step.WorkloadClusters wc) {
            check = () -> {
                Map<String, Integer> seen = workloadClusters.observe(wc);
                return new Check(workloadClusters.holds(wc, seen), WorkloadClustersCheck.describe(seen));
            };
        } else {
            return NOT_SUPPORTED;
        }
        return poll(check, expect.within());
    }

    /** Null when every WorkloadSpread among {@code applied} is taken up in time, else what was seen of the first that was not. */
    private String awaitSpreadsTakenUp(SimulatedCluster cluster, List<GenericKubernetesResource> applied) {
        if (spreadUptake.isEmpty()) {
            return null;
        }
        for (GenericKubernetesResource object : applied) {
            if (!SpreadUptake.KIND.equals(object.getKind())) {
                continue;
            }
            SpreadUptake uptake = new SpreadUptake(cluster, object);
            String seen = poll(uptake::check, spreadUptake.get());
            if (seen != null) {
                return uptake.describe() + " not taken up by Meridian within " + spreadUptake.get().toSeconds() + "s: " + seen;
            }
        }
        return null;
    }

    /** Null once {@code check} holds, else what it saw last when {@code within} has passed. */
    private String poll(Supplier<Check> check, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Check last = attempt(check);
            if (last.holds()) {
                return null;
            }
            if (System.nanoTime() >= deadline || cancelled) {
                return last.seen();
            }
            sleep(pollEvery);
        }
    }

    /**
     * One poll of an expectation; an API server that fails to answer (a timeout under load, a 5xx) is a poll that
     * did not hold, tried again until {@code within} has passed, not the end of the step (the last error is what
     * the step reports when it runs out of time).
     */
    static Check attempt(Supplier<Check> check) {
        try {
            return check.get();
        } catch (KubernetesClientException e) {
            return new Check(false, "API error " + e.getCode() + ": " + firstLine(String.valueOf(e.getMessage())));
        }
    }

    record Check(boolean holds, String seen) {
        /** From a check answering null when it holds, else what it saw. */
        static Check of(String seenWhenFailing) {
            return new Check(seenWhenFailing == null, seenWhenFailing);
        }
    }

    /** Sleeps in short slices so that {@link #cancel()} ends a wait promptly. */
    private void sleep(Duration duration) {
        long until = System.nanoTime() + duration.toNanos();
        try {
            while (!cancelled && System.nanoTime() < until) {
                Thread.sleep(Math.max(1, Math.min(100, (until - System.nanoTime()) / 1_000_000)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
