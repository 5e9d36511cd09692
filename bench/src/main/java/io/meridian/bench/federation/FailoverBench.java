package io.meridian.bench.federation;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.meridian.command.federation.BindingSyncQueue;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Issue 4's failover figure. Every template is divided by equal static weights over the victim member and
 * one of the others (a PropagationPolicy per other member). The victim is then cut off (its API server
 * unreachable, so its agent stops reporting); once the command-service declares it unreachable
 * ({@code MemberClusterUnreachable}, after {@code failover.unreachableSeconds}), each template's latency runs
 * until its copy in the other member holds all its replicas, as that member's API server reports it.
 */
public final class FailoverBench {
    /** How long without heartbeats a member is declared unreachable, unless set otherwise. */
    static final String UNREACHABLE_SECONDS = "MERIDIAN_FAILOVER_UNREACHABLE_SECONDS";
    private static final long STAGES_SETTLE_MILLIS = 1_000;

    public record Settings(int workloads, int members, int replicas, Duration timeout) {
        public Settings {
            if (members < 2 || workloads < 1 || replicas < 2) {
                throw new IllegalArgumentException("--clusters must be >= 2, --workloads >= 1, --replicas >= 2");
            }
        }
    }

    public record Result(int workloads, int clusters, double p50Millis, double p99Millis, double maxMillis,
                         double detectionSeconds) {
        public String json() {
            return String.format(Locale.ROOT, "{\"bench\":\"failover\",\"workloads\":%d,\"clusters\":%d,\"p50_ms\":%.1f,"
                    + "\"p99_ms\":%.1f,\"max_ms\":%.1f}", workloads, clusters, p50Millis, p99Millis, maxMillis);
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
        return FleetShape.memberName(1 + workload % (settings.members() - 1));
    }

    public Result run() throws InterruptedException {
        if (System.getProperty(UNREACHABLE_SECONDS) == null) {
            System.setProperty(UNREACHABLE_SECONDS, "15");
        }
        return BenchFleet.measure(settings.members(), progress, this::measure);
    }

    private Result measure(BenchFleet fleet, CopyWatch copies) throws InterruptedException {
        int share = settings.replicas() / 2;
        try (DomainEventTap flaps = DomainEventTap.start(fleet.runtime().kafkaBootstrap(),
                e -> "MemberClusterUnreachable".equals(e.type()))) {
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
        try (DomainEventTap tap = DomainEventTap.start(fleet.runtime().kafkaBootstrap(),
                e -> "MemberClusterUnreachable".equals(e.type()) && victim().equals(e.aggregateId()));
             FailoverStages stages = FailoverStages.start(fleet.runtime().kafkaBootstrap())) {
            BindingSyncQueue syncs = fleet.runtime().services().get("command-service").getBean(BindingSyncQueue.class);
            CommitTimes commits = CommitTimes.from(fleet.runtime());
            // counted before the cut: counting takes seconds on a loaded machine, and the first decisions come sooner
            PipelineCounts atCut = PipelineCounts.take(fleet.runtime());
            long cut = System.nanoTime();
            // cut off from everyone outside the simulation: the gateway's writes and its agent's reports stop
            fleet.cluster(victim()).unreachable();
            progress.accept(victim() + " cut off");
            DomainEventTap.Seen declared = awaitDeclared(tap);
            long declaredNanos = declared.occurredNanos();
            double detection = (declaredNanos - cut) / 1e9;
            progress.accept(String.format(Locale.ROOT, "%s declared unreachable %.1f s after the cut", victim(), detection));
            long syncsBefore = syncs.handled();
            GatewayTimes scales = GatewayTimes.start(fleet.runtime().services().get("webhook-gateway")
                    .getBean(MeterRegistry.class), "Scale");
            PipelineCounts before = atCut.withCpuNow();
            awaitEvery(copies, w -> copies.replicas(survivor(w), name(w)) == settings.replicas(), "failed over");
            progress.accept("CPU from the declaration, records from the cut (with the members' heartbeats meanwhile):");
            progress.accept(PipelineCounts.take(fleet.runtime()).since(before, settings.workloads()));
            progress.accept(scales.since());
            reportStages(stages, copies, declared, commits.firstCommitOf("BindingScheduled"),
                    syncs.handled() - syncsBefore);
            long[] latencies = new long[settings.workloads()];
            for (int w = 0; w < settings.workloads(); w++) {
                latencies[w] = Math.max(0, copies.copy(survivor(w), name(w)).changedNanos() - declaredNanos);
            }
            Percentiles percentiles = new Percentiles(latencies);
            return new Result(settings.workloads(), settings.members(), percentiles.millis(50), percentiles.millis(99),
                    percentiles.millis(100), detection);
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
        for (int m = 1; m < settings.members(); m++) {
            policies.add(BenchObjects.policy(group(m), List.of(victim(), FleetShape.memberName(m)), false));
        }
        fleet.createAll(BenchFleet.HOST, BenchFleet.POLICIES, policies);
        List<GenericKubernetesResource> templates = new ArrayList<>();
        for (int w = 0; w < settings.workloads(); w++) {
            templates.add(BenchObjects.template(w, settings.replicas(), group(1 + w % (settings.members() - 1))));
        }
        fleet.createAll(BenchFleet.HOST, BenchFleet.DEPLOYMENTS, templates);
        progress.accept(policies.size() + " PropagationPolicies and " + settings.workloads() + " templates created in the host");
    }

    private static String group(int member) {
        return String.format(Locale.ROOT, "with-%03d", member);
    }

    private static String name(int workload) {
        return BenchObjects.workloadName(workload);
    }

    private DomainEventTap.Seen awaitDeclared(DomainEventTap tap) throws InterruptedException {
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        while (System.nanoTime() < deadline) {
            DomainEventTap.Seen seen = tap.seen().poll();
            if (seen != null) {
                return seen;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException(victim() + " was not declared unreachable within " + settings.timeout());
    }

    private void awaitEvery(CopyWatch copies, java.util.function.IntPredicate done, String what)
            throws InterruptedException {
        Waits.awaitEvery(settings.workloads(), done, what, settings.timeout(), progress, w -> name(w) + " holds "
                + copies.replicas(victim(), name(w)) + " in " + victim() + ", " + copies.replicas(survivor(w), name(w))
                + " in " + survivor(w));
    }
}
