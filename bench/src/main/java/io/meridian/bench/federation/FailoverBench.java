package io.meridian.bench.federation;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.command.federation.BindingSyncQueue;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Issue 4's failover figure. Every template is divided by equal static weights over the victim member and
 * one of the others (a PropagationPolicy per other member). The victim is then cut off (its API server
 * unreachable, so its agent stops reporting); once the command-service declares it unreachable
 * ({@code MemberClusterUnreachable}, after {@code failover.unreachableSeconds}), each template's latency runs
 * until its copy in the other member holds all its replicas, as that member's API server reports it.
 * <p>
 * With warm-up workloads, a first failover runs before the measured one, as JMH runs warm-up iterations: the last
 * member is cut off with the warm-up templates divided over it and the others, they fail over, the member recovers,
 * and only then is the victim cut off. The measured failover then runs on code the JIT compiler has seen (the
 * division without a member, the Scale and Delete writes, the reports of the copies), as in a control plane that has
 * handled failovers before; without them (the default) it measures the process's first failover. The warm-up member
 * holds none of the measured templates.
 */
public final class FailoverBench {
    /** How long without heartbeats a member is declared unreachable, unless set otherwise. */
    static final String UNREACHABLE_SECONDS = "MERIDIAN_FAILOVER_UNREACHABLE_SECONDS";
    private static final long STAGES_SETTLE_MILLIS = 1_000;
    /** After the warm-up failover, for the heartbeats and reports of the recovered member to settle. */
    private static final long WARMUP_SETTLE_MILLIS = 5_000;

    public record Settings(int workloads, int members, int replicas, Duration timeout, int warmupWorkloads) {
        public Settings {
            if (members < 2 || workloads < 1 || replicas < 2 || warmupWorkloads < 0) {
                throw new IllegalArgumentException("--clusters must be >= 2, --workloads >= 1, --replicas >= 2,"
                        + " --warmup-workloads >= 0");
            }
            if (warmupWorkloads > 0 && members < 3) {
                throw new IllegalArgumentException("--warmup-workloads needs --clusters >= 3 (a victim, a warm-up member"
                        + " and a survivor)");
            }
        }

        public Settings(int workloads, int members, int replicas, Duration timeout) {
            this(workloads, members, replicas, timeout, 0);
        }

        /** The members other than the victim that hold the measured templates' other share. */
        int survivors() {
            return members - 1 - (warmupWorkloads > 0 ? 1 : 0);
        }
    }

    /** {@code warmupWorkloads}: failed over before the measured failover (0: it was the process's first). */
    public record Result(int workloads, int clusters, double p50Millis, double p99Millis, double maxMillis,
                         double detectionSeconds, int warmupWorkloads) {
        public String json() {
            return String.format(Locale.ROOT, "{\"bench\":\"failover\",\"workloads\":%d,\"clusters\":%d,\"p50_ms\":%.1f,"
                    + "\"p99_ms\":%.1f,\"max_ms\":%.1f,\"warmup_workloads\":%d}", workloads, clusters, p50Millis,
                    p99Millis, maxMillis, warmupWorkloads);
        }
    }

    private final Settings settings;
    private final Consumer<String> progress;

    public FailoverBench(Settings settings, Consumer<String> progress) {
        this.settings = settings;
        this.progress = progress;
    }

    private static String victim() {
        return FleetShape.memberName(0);
    }

    private String survivor(int workload) {
        return FleetShape.memberName(1 + workload % settings.survivors());
    }

    /** The member the warm-up failover cuts off: the last one, which holds no measured template. */
    private String warmupMember() {
        return FleetShape.memberName(settings.members() - 1);
    }

    /** The warm-up templates come after the measured ones: their own names, their own copies. */
    private int warmupIndex(int warmup) {
        return settings.workloads() + warmup;
    }

    private String warmupSurvivor(int warmup) {
        return FleetShape.memberName(1 + warmup % settings.survivors());
    }

    public Result run() throws InterruptedException {
        if (System.getProperty(UNREACHABLE_SECONDS) == null) {
            System.setProperty(UNREACHABLE_SECONDS, "15");
        }
        return BenchFleet.measure(settings.members(), progress, this::measure);
    }

    private Result measure(BenchFleet fleet, CopyWatch copies) throws InterruptedException {
        int share = settings.replicas() / 2;
        try (DomainEventTap flaps = DomainEventTap.start(fleet.runtime().kafkaBootstrap(), "MemberClusterUnreachable")) {
            place(fleet);
            try {
                awaitEvery(copies, w -> copies.replicas(victim(), name(w)) > 0
                        && copies.replicas(victim(), name(w)) + copies.replicas(survivor(w), name(w)) == settings.replicas(),
                        "divided over " + victim() + " and the others");
            } finally {
                // a member declared unreachable while the templates are placed is left out of them (Steady mode)
                flaps.seen().forEach(e -> progress.accept("while placing: " + e.event().aggregateId()
                        + " declared unreachable at " + e.event().occurredAt()));
            }
        }
        progress.accept("every template divided (" + (settings.replicas() - share) + "/" + share + ")");
        if (settings.warmupWorkloads() > 0) {
            warmUp(fleet, copies);
        }
        try (DomainEventTap tap = DomainEventTap.start(fleet.runtime().kafkaBootstrap(),
                Set.of("MemberClusterUnreachable"), e -> victim().equals(e.aggregateId()));
             FailoverStages stages = FailoverStages.from(fleet.runtime().kafkaBootstrap())) {
            BindingSyncQueue syncs = fleet.runtime().services().get("command-service").getBean(BindingSyncQueue.class);
            CommitTimes commits = CommitTimes.from(fleet.runtime());
            // counted before the cut: counting takes seconds on a loaded machine, and the first decisions come sooner
            PipelineCounts atCut = PipelineCounts.take(fleet.runtime());
            long compiledAtCut = compiledMillis();
            long cut = System.nanoTime();
            // cut off from everyone outside the simulation: the gateway's writes and its agent's reports stop
            fleet.cluster(victim()).unreachable();
            progress.accept(victim() + " cut off");
            DomainEventTap.Seen declared = awaitEvent(tap, "MemberClusterUnreachable");
            long declaredNanos = declared.occurredNanos();
            double detection = (declaredNanos - cut) / 1e9;
            progress.accept(String.format(Locale.ROOT, "%s declared unreachable %.1f s after the cut; the JIT compiled"
                    + " for %d ms meanwhile", victim(), detection, compiledMillis() - compiledAtCut));
            long syncsBefore = syncs.handled();
            GatewayTimes scales = GatewayTimes.start(fleet.runtime().services().get("webhook-gateway")
                    .getBean(MeterRegistry.class), "Scale");
            PipelineCounts before = atCut.withCpuNow();
            awaitEvery(copies, w -> copies.replicas(survivor(w), name(w)) == settings.replicas(), "failed over");
            progress.accept("CPU from the declaration, records from the cut (with the members' heartbeats meanwhile):");
            progress.accept(PipelineCounts.take(fleet.runtime()).since(before, "failover", settings.workloads()));
            progress.accept(scales.since());
            reportStages(stages, copies, declared, commits.firstCommitOf("BindingScheduled"),
                    syncs.handled() - syncsBefore);
            long[] latencies = new long[settings.workloads()];
            for (int w = 0; w < settings.workloads(); w++) {
                latencies[w] = Math.max(0, copies.copy(survivor(w), name(w)).changedNanos() - declaredNanos);
            }
            Percentiles percentiles = new Percentiles(latencies);
            return new Result(settings.workloads(), settings.members(), percentiles.millis(50), percentiles.millis(99),
                    percentiles.millis(100), detection, settings.warmupWorkloads());
        }
    }

    /** Where the time went, per stage, and how much work the failover caused (after the results had a moment). */
    private void reportStages(FailoverStages stages, CopyWatch copies, DomainEventTap.Seen declared,
                              Map<String, Long> committed, long syncs) throws InterruptedException {
        Thread.sleep(STAGES_SETTLE_MILLIS);
        List<FailoverStages.Workload> workloads = new ArrayList<>();
        for (int w = 0; w < settings.workloads(); w++) {
            workloads.add(new FailoverStages.Workload(name(w), survivor(w)));
        }
        long declaredMillis = declared.event().occurredAt().toEpochMilli();
        stages.report(workloads, declaredMillis, w -> declaredMillis
                        + (copies.copy(w.survivor(), w.name()).changedNanos() - declared.occurredNanos()) / 1_000_000L,
                committed, syncs).forEach(progress);
    }

    private void place(BenchFleet fleet) {
        List<GenericKubernetesResource> policies = new ArrayList<>();
        for (int m = 1; m <= settings.survivors(); m++) {
            policies.add(BenchObjects.policy(group(m), List.of(victim(), FleetShape.memberName(m)), false));
        }
        fleet.createAll(BenchFleet.HOST, BenchFleet.POLICIES, policies);
        List<GenericKubernetesResource> templates = new ArrayList<>();
        for (int w = 0; w < settings.workloads(); w++) {
            templates.add(BenchObjects.template(w, settings.replicas(), group(1 + w % settings.survivors())));
        }
        fleet.createAll(BenchFleet.HOST, BenchFleet.DEPLOYMENTS, templates);
        progress.accept(policies.size() + " PropagationPolicies and " + settings.workloads() + " templates created in the host");
    }

    /**
     * The warm-up failover: its templates divided over the warm-up member and the survivors, that member cut off
     * until they have failed over, then recovered and declared Ready again, its copies deleted by the gateway.
     */
    private void warmUp(BenchFleet fleet, CopyWatch copies) throws InterruptedException {
        int warmups = settings.warmupWorkloads();
        List<GenericKubernetesResource> policies = new ArrayList<>();
        for (int m = 1; m <= Math.min(warmups, settings.survivors()); m++) {
            policies.add(BenchObjects.policy(warmupGroup(m), List.of(warmupMember(), FleetShape.memberName(m)), false));
        }
        fleet.createAll(BenchFleet.HOST, BenchFleet.POLICIES, policies);
        List<GenericKubernetesResource> templates = new ArrayList<>();
        for (int w = 0; w < warmups; w++) {
            templates.add(BenchObjects.template(warmupIndex(w), settings.replicas(), warmupGroup(1 + w % settings.survivors())));
        }
        fleet.createAll(BenchFleet.HOST, BenchFleet.DEPLOYMENTS, templates);
        Waits.awaitEvery(warmups, w -> copies.replicas(warmupMember(), name(warmupIndex(w))) > 0
                        && copies.replicas(warmupMember(), name(warmupIndex(w)))
                        + copies.replicas(warmupSurvivor(w), name(warmupIndex(w))) == settings.replicas(),
                "warm-up templates divided", settings.timeout(), progress, w -> name(warmupIndex(w)) + " not divided");
        try (DomainEventTap declared = DomainEventTap.start(fleet.runtime().kafkaBootstrap(),
                Set.of("MemberClusterUnreachable", "MemberClusterReady"), e -> warmupMember().equals(e.aggregateId()))) {
            fleet.cluster(warmupMember()).unreachable();
            long declaredNanos = awaitEvent(declared, "MemberClusterUnreachable").occurredNanos();
            Waits.awaitEvery(warmups, w -> copies.replicas(warmupSurvivor(w), name(warmupIndex(w))) == settings.replicas(),
                    "warm-up templates failed over", settings.timeout(), progress, w -> name(warmupIndex(w)) + " not failed over");
            long[] latencies = new long[warmups];
            for (int w = 0; w < warmups; w++) {
                latencies[w] = Math.max(0, copies.copy(warmupSurvivor(w), name(warmupIndex(w))).changedNanos() - declaredNanos);
            }
            Percentiles warm = new Percentiles(latencies);
            progress.accept(String.format(Locale.ROOT, "warm-up failover of %s: %d templates, p50 %.1f ms, p99 %.1f ms"
                    + " (the process's first failover)", warmupMember(), warmups, warm.millis(50), warm.millis(99)));
            fleet.cluster(warmupMember()).recover();
            awaitEvent(declared, "MemberClusterReady");
        }
        Waits.awaitEvery(warmups, w -> copies.replicas(warmupMember(), name(warmupIndex(w))) == 0,
                "warm-up copies deleted from " + warmupMember(), settings.timeout(), progress,
                w -> name(warmupIndex(w)) + " still in " + warmupMember());
        Thread.sleep(WARMUP_SETTLE_MILLIS);
        progress.accept(warmupMember() + " recovered and Ready; the measured failover follows");
    }

    private static String warmupGroup(int member) {
        return String.format(Locale.ROOT, "warmup-%03d", member);
    }

    private DomainEventTap.Seen awaitEvent(DomainEventTap tap, String type) throws InterruptedException {
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        while (System.nanoTime() < deadline) {
            DomainEventTap.Seen seen = tap.seen().poll();
            if (seen != null && type.equals(seen.event().type())) {
                return seen;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("no " + type + " within " + settings.timeout());
    }

    /**
     * This process's JIT compilation time so far (ms of elapsed compilation, summed over the compiler threads; -1 when
     * not timed). The placement leaves the compiler seconds of work and the cut brings more (about 4 s after the compiler
     * had settled), so a failover's declaration can come while the compiler still holds a core (docs/benchmarks.md,
     * Issue 4, session 32).
     */
    private static long compiledMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    private static String group(int member) {
        return String.format(Locale.ROOT, "with-%03d", member);
    }

    private static String name(int workload) {
        return BenchObjects.workloadName(workload);
    }

    private void awaitEvery(CopyWatch copies, java.util.function.IntPredicate done, String what)
            throws InterruptedException {
        Waits.awaitEvery(settings.workloads(), done, what, settings.timeout(), progress, w -> name(w) + " holds "
                + copies.replicas(victim(), name(w)) + " in " + victim() + ", " + copies.replicas(survivor(w), name(w))
                + " in " + survivor(w));
    }
}
