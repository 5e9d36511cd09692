package io.meridian.bench.federation;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.command.federation.BindingSyncQueue;
import io.meridian.schemas.DomainEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Issue 4's rebalance figure. Members come in pairs (A, B); each pair has a PropagationPolicy dividing its
 * templates over A and B by free capacity. While every B is full the templates are placed, all on A; then the
 * Bs recover, which moves nothing (Steady mode). One WorkloadRebalancer naming every template is created in the
 * host: the clock runs from its creation until every binding's new assignment (its {@code BindingRescheduled}
 * decision) is what the member clusters hold, as their API servers report it.
 */
public final class RebalanceBench {
    static final Duration HEARTBEATS = Duration.ofSeconds(7);
    private static final long LOOK_EVERY_MILLIS = 200;

    public record Settings(int workloads, int members, int replicas, Duration timeout) {
        public Settings {
            if (members < 2 || members % 2 != 0) {
                throw new IllegalArgumentException("--clusters must be an even number >= 2 (members come in pairs)");
            }
            if (workloads < 1 || replicas < 2) {
                throw new IllegalArgumentException("--workloads must be >= 1 and --replicas >= 2");
            }
        }
    }

    public record Result(int workloads, int clusters, double placementSeconds, double decidedSeconds, double seconds) {
        public double perSecond() {
            return workloads / seconds;
        }

        public String json() {
            return String.format(Locale.ROOT, "{\"bench\":\"rebalance\",\"workloads\":%d,\"clusters\":%d,\"seconds\":%.2f,"
                    + "\"per_s\":%.1f}", workloads, clusters, seconds, perSecond());
        }
    }

    /**
     * The names one look at the copies reads for a workload, made once: after the last decision the bench looks at
     * every workload's copies every {@link #LOOK_EVERY_MILLIS} ms, and formatting the names each time (every 50 ms then)
     * took the bench's own thread 0.78 % of a slow day's rebalance window (docs/benchmarks.md, Issue 4, session 39).
     */
    private record Names(String workload, String binding, String memberA, String memberB) {
    }

    private final Settings settings;
    private final Consumer<String> progress;
    private final Names[] names;

    public RebalanceBench(Settings settings, Consumer<String> progress) {
        this.settings = settings;
        this.progress = progress;
        this.names = new Names[settings.workloads()];
        for (int w = 0; w < names.length; w++) {
            String workload = BenchObjects.workloadName(w);
            names[w] = new Names(workload, bindingId(workload), memberA(w), memberB(w));
        }
    }

    private String memberA(int workload) {
        return FleetShape.memberName(2 * pair(workload));
    }

    private String memberB(int workload) {
        return FleetShape.memberName(2 * pair(workload) + 1);
    }

    private int pair(int workload) {
        return workload % (settings.members() / 2);
    }

    public Result run() throws InterruptedException {
        return BenchFleet.measure(settings.members(), progress, this::measure);
    }

    private Result measure(BenchFleet fleet, CopyWatch copies) throws InterruptedException {
        for (int i = 1; i < settings.members(); i += 2) {
            fleet.cluster(FleetShape.memberName(i)).zoneFull("z1");
        }
        Thread.sleep(HEARTBEATS.toMillis());
        long placing = System.nanoTime();
        place(fleet);
        awaitAll(copies, w -> copies.replicas(names[w].memberA(), names[w].workload()) == settings.replicas(), "placed on A");
        double placementSeconds = (System.nanoTime() - placing) / 1e9;
        progress.accept(String.format(Locale.ROOT, "%d templates placed in %.1f s", settings.workloads(), placementSeconds));
        BindingSyncQueue syncs = fleet.runtime().services().get("command-service").getBean(BindingSyncQueue.class);
        long syncsAtRecovery = syncs.handled();
        for (int i = 1; i < settings.members(); i += 2) {
            fleet.cluster(FleetShape.memberName(i)).recover();
        }
        Thread.sleep(HEARTBEATS.toMillis());
        long syncsAtStart = syncs.handled();
        progress.accept(String.format(Locale.ROOT, "%d binding syncs after the Bs recovered; the sync queue %s", syncsAtStart
                - syncsAtRecovery, syncs.awaitIdle(100, java.util.concurrent.TimeUnit.MILLISECONDS) ? "idle" : "still busy"));
        try (DomainEventTap tap = DomainEventTap.start(fleet.runtime().kafkaBootstrap(), "BindingRescheduled")) {
            PipelineCounts before = PipelineCounts.take(fleet.runtime());
            long start = System.nanoTime();
            fleet.createAll(BenchFleet.HOST, BenchFleet.REBALANCERS,
                    List.of(BenchObjects.rebalancer("bench-all", settings.workloads())));
            progress.accept("WorkloadRebalancer bench-all created");
            Result result = awaitRebalanced(tap, copies, start, placementSeconds, settings.members());
            progress.accept(PipelineCounts.take(fleet.runtime()).since(before, "rebalance", settings.workloads()));
            progress.accept((syncs.handled() - syncsAtStart) + " binding syncs from the rebalancer's creation");
            return result;
        }
    }

    private void place(BenchFleet fleet) {
        int pairs = settings.members() / 2;
        List<GenericKubernetesResource> policies = new ArrayList<>();
        for (int p = 0; p < pairs; p++) {
            policies.add(BenchObjects.policy(group(p), List.of(FleetShape.memberName(2 * p), FleetShape.memberName(2 * p + 1)),
                    true));
        }
        fleet.createAll(BenchFleet.HOST, BenchFleet.POLICIES, policies);
        List<GenericKubernetesResource> templates = new ArrayList<>();
        for (int w = 0; w < settings.workloads(); w++) {
            templates.add(BenchObjects.template(w, settings.replicas(), group(pair(w))));
        }
        fleet.createAll(BenchFleet.HOST, BenchFleet.DEPLOYMENTS, templates);
        progress.accept(pairs + " PropagationPolicies and " + settings.workloads() + " templates created in the host");
    }

    private static String group(int pair) {
        return String.format(Locale.ROOT, "pair-%02d", pair);
    }

    private Result awaitRebalanced(DomainEventTap tap, CopyWatch copies, long start, double placementSeconds, int clusters)
            throws InterruptedException {
        Map<String, Map<String, Integer>> decided = new HashMap<>();
        long decidedAt = 0;
        long deadline = start + settings.timeout().toNanos();
        long lastReport = start;
        while (System.nanoTime() < deadline) {
            for (DomainEventTap.Seen seen; (seen = tap.seen().poll()) != null; ) {
                decided.put(seen.event().aggregateId(), after(seen.event()));
                if (decided.size() == settings.workloads() && decidedAt == 0) {
                    decidedAt = seen.seenNanos();
                }
            }
            if (decided.size() == settings.workloads()) {
                long appliedAt = appliedAt(decided, copies);
                if (appliedAt > 0) {
                    return new Result(settings.workloads(), clusters, placementSeconds, (decidedAt - start) / 1e9,
                            (appliedAt - start) / 1e9);
                }
            }
            if (System.nanoTime() - lastReport > 5_000_000_000L) {
                lastReport = System.nanoTime();
                progress.accept(String.format(Locale.ROOT, "%.0f s: %d of %d bindings rescheduled",
                        (lastReport - start) / 1e9, decided.size(), settings.workloads()));
            }
            // the figures are the times the tap saw each decision and the copies changed, not when this loop looks
            Thread.sleep(LOOK_EVERY_MILLIS);
        }
        throw new IllegalStateException("not rebalanced within " + settings.timeout() + ": " + decided.size() + " of "
                + settings.workloads() + " bindings rescheduled");
    }

    /** When the last copy reached its decided replicas; 0 while some copy still differs. */
    private long appliedAt(Map<String, Map<String, Integer>> decided, CopyWatch copies) {
        long last = 0;
        for (Names workload : names) {
            Map<String, Integer> after = decided.get(workload.binding());
            if (after == null) {
                return 0;
            }
            for (String member : new String[] {workload.memberA(), workload.memberB()}) {
                int want = after.getOrDefault(member, 0);
                CopyWatch.Copy copy = copies.copy(member, workload.workload());
                if ((copy == null ? 0 : copy.replicas()) != want) {
                    return 0;
                }
                if (copy != null) {
                    last = Math.max(last, copy.changedNanos());
                }
            }
        }
        return last;
    }

    static String bindingId(String workload) {
        return "binding:" + BenchFleet.NAMESPACE + "/Deployment/" + workload;
    }

    private static Map<String, Integer> after(DomainEvent event) {
        Map<String, Integer> after = new HashMap<>();
        event.payload().path("after").fields().forEachRemaining(e -> after.put(e.getKey(), e.getValue().asInt()));
        return after;
    }

    private void awaitAll(CopyWatch copies, java.util.function.IntPredicate done, String what)
            throws InterruptedException {
        Waits.awaitEvery(settings.workloads(), done, what, settings.timeout(), progress, w -> describe(copies, names[w]));
    }

    private static String describe(CopyWatch copies, Names names) {
        return names.workload() + " holds " + copies.replicas(names.memberA(), names.workload()) + " in " + names.memberA()
                + ", " + copies.replicas(names.memberB(), names.workload()) + " in " + names.memberB();
    }
}
