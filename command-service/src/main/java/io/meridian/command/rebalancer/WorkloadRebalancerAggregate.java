package io.meridian.command.rebalancer;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.meridian.command.rebalancer.api.RebalancerObject;
import io.meridian.command.rebalancer.api.RebalancerReconciled;
import io.meridian.command.rebalancer.api.RebalancerReconciled.Next;
import io.meridian.command.rebalancer.api.RebalancerRegistered;
import io.meridian.command.rebalancer.api.RebalancerRemoved;
import io.meridian.command.rebalancer.api.RebalancerSpecChanged;
import io.meridian.command.rebalancer.api.RebalancerStatusWritten;
import io.meridian.command.rebalancer.api.RecordRescheduleOutcomes;
import io.meridian.command.rebalancer.api.RemoveRebalancer;
import io.meridian.command.rebalancer.api.RescheduleOutcome;
import io.meridian.command.rebalancer.api.RescheduleOutcome.Kind;
import io.meridian.command.rebalancer.api.RescheduleOutcomesRecorded;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.rebalancer.api.StatusChange;
import io.meridian.command.rebalancer.api.UpsertRebalancer;
import io.meridian.command.rebalancer.api.WriteRebalancerStatus;
import io.meridian.core.KernelVersion;
import io.meridian.core.karmada.rebalancer.ObservedWorkload;
import io.meridian.core.karmada.rebalancer.RebalancerMetadata;
import io.meridian.core.karmada.rebalancer.RebalancerReconciler;
import io.meridian.core.karmada.rebalancer.ReconcileContext;
import io.meridian.core.karmada.rebalancer.ReconcileDecision;
import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancerStatus;
import io.meridian.core.karmada.rebalancer.WorkloadReference;
import io.meridian.core.karmada.rebalancer.WorkloadResult;
import io.meridian.core.karmada.rebalancer.WorkloadSelection;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.annotation.DeadlineHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A WorkloadRebalancer of the host cluster (id {@code rebalancer:name}). Its lifecycle is the kernel's
 * {@link RebalancerReconciler}: every spec change, answer of a target and fired deadline runs one reconcile over the
 * answers known so far, recorded as {@link RebalancerReconciled} (what changed in the status, requests to send, what
 * next). The whole status goes to the CR as {@link RebalancerStatusWritten}: at once when nothing more is awaited,
 * else at most once per {@link #statusWriteInterval(int) interval} that grows with the status (a rebalancer of
 * thousands of workloads changes its status with nearly every batch of answers, and each write carries every entry). It never touches another aggregate: the dispatcher sends the requests and
 * brings the answers back.
 */
@Aggregate(cache = WorkloadRebalancerAggregate.CACHE, commandTargetResolver = "cachingCommandTargetResolver")
public class WorkloadRebalancerAggregate {
    /** The name of the aggregate cache bean (see the feed's RebalancerProcessing). */
    public static final String CACHE = "workloadRebalancerCache";
    public static final String RETRY_DEADLINE = "rebalancer-retry";
    public static final String TTL_DEADLINE = "rebalancer-ttl";
    public static final Duration STATUS_WRITE_INTERVAL = Duration.ofMillis(300);
    /**
     * How much each observed workload lengthens the interval between status writes: a write goes through the event
     * store, Kafka, the gateway, the API server and back through the agent, so writing a status of 5,000 entries
     * (about 1 MB) every 300 ms would cost more than the rebalance it reports on. 2.5 s for 5,000 entries.
     */
    public static final Duration STATUS_WRITE_INTERVAL_PER_WORKLOAD = Duration.ofNanos(500_000);

    @AggregateIdentifier
    private String id;
    private String cluster;
    private String uid;
    private WorkloadRebalancer rebalancer;
    private List<ResourceTemplate> templates = List.of();
    private final TargetAnswers answers = new TargetAnswers();
    private final Set<String> asked = new HashSet<>();
    private Next next = Next.of(Next.Kind.Done);
    private int retryStreak;
    private boolean removed;
    /** The status changed since it was last written. */
    private boolean statusDue;
    private Instant statusWrittenAt;

    protected WorkloadRebalancerAggregate() {
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(UpsertRebalancer command, DeadlineManager deadlines) {
        WorkloadRebalancer incoming = withCreationTime(command.rebalancer(), command.at());
        if (id == null || removed || !Objects.equals(uid, command.uid())) {
            apply(new RebalancerRegistered(command.id(), command.cluster(), command.uid(), incoming,
                    command.templates(), command.at()));
            reconcile("created", command.at(), false, deadlines);
        } else if (!Objects.equals(rebalancer.spec(), incoming.spec())) {
            apply(new RebalancerSpecChanged(command.id(), incoming, command.templates(), command.at()));
            reconcile("spec changed", command.at(), false, deadlines);
        } else if (command.resume()) {
            resume(command.at(), deadlines);
        }
    }

    @CommandHandler
    public void handle(RemoveRebalancer command, DeadlineManager deadlines) {
        if (removed || command.uid() != null && uid != null && !command.uid().equals(uid)) {
            return;
        }
        deadlines.cancelAllWithinScope(RETRY_DEADLINE);
        deadlines.cancelAllWithinScope(TTL_DEADLINE);
        apply(new RebalancerRemoved(id, command.at()));
    }

    @CommandHandler
    public void handle(RecordRescheduleOutcomes command, DeadlineManager deadlines) {
        if (removed) {
            return;
        }
        Set<String> targets = observed().stream().map(this::targetOf).collect(Collectors.toSet());
        Map<String, RescheduleOutcome> taken = new TreeMap<>();
        command.outcomes().forEach((target, outcome) -> {
            boolean downgrade = outcome.is(Kind.Rescheduled) && answers.has(target, Kind.Completed);
            if (targets.contains(target) && !downgrade) {
                taken.put(target, outcome);
            }
        });
        if (taken.isEmpty()) {
            return;
        }
        apply(new RescheduleOutcomesRecorded(id, taken, command.at()));
        reconcile(taken.size() == 1 ? "answer of " + taken.keySet().iterator().next()
                : taken.size() + " answers", command.at(), false, deadlines);
    }

    @CommandHandler
    public void handle(WriteRebalancerStatus command) {
        if (!removed && statusDue && next.kind() != Next.Kind.DeleteNow) {
            writeStatus(command.at());
        }
    }

    @DeadlineHandler(deadlineName = RETRY_DEADLINE)
    public void retryDue(Instant at, DeadlineManager deadlines) {
        if (!removed) {
            reconcile("retry", at, true, deadlines);
        }
    }

    @DeadlineHandler(deadlineName = TTL_DEADLINE)
    public void ttlDue(Instant at, DeadlineManager deadlines) {
        if (!removed) {
            reconcile("ttlSecondsAfterFinished", at, false, deadlines);
        }
    }

    /** After a restart (in-memory deadlines lost, answers in flight lost): ask again, arm again. */
    private void resume(Instant at, DeadlineManager deadlines) {
        if (!asked.isEmpty()) {
            List<RescheduleRequest> again = observed().stream().filter(w -> asked.contains(targetOf(w)))
                    .map(this::request).toList();
            decide("resumed", at, RebalancerReconciler.reconcile(rebalancer, context(), at), again, deadlines, true);
        } else {
            arm(next, deadlines);
        }
    }

    private void reconcile(String trigger, Instant now, boolean retrying, DeadlineManager deadlines) {
        ReconcileDecision decision = RebalancerReconciler.reconcile(rebalancer, context(), now);
        List<RescheduleRequest> requests = decision.status().observedWorkloads().stream()
                .filter(entry -> entry.is(WorkloadResult.Pending))
                .map(ObservedWorkload::workload)
                .filter(w -> needsAsking(targetOf(w), retrying))
                .collect(Collectors.toMap(this::targetOf, this::request, (a, b) -> a, LinkedHashMap::new))
                .values().stream().toList();
        decide(trigger, now, decision, requests, deadlines, false);
    }

    private void decide(String trigger, Instant now, ReconcileDecision decision, List<RescheduleRequest> requests,
                        DeadlineManager deadlines, boolean always) {
        Next after = RebalancerDecisions.next(decision, answers, cluster, now, retryStreak);
        boolean changed = decision.writeStatus();
        if (always || changed || !requests.isEmpty() || !after.equals(next)) {
            boolean rearm = always || !after.equals(next);
            boolean deferred = (changed || statusDue) && after.kind() != Next.Kind.DeleteNow && !writesNow(after, now);
            apply(new RebalancerReconciled(id, object(), UUID.randomUUID().toString(), KernelVersion.VALUE, trigger,
                    RebalancerDecisions.inputs(rebalancer, answers, trigger, AggregateLifecycle.getVersion()),
                    StatusChange.between(rebalancer.status(), decision.status()), changed,
                    deferred ? statusWrittenAt.plus(statusWriteInterval()) : null, requests, after,
                    RebalancerDecisions.reason(decision, requests, after), now));
            if (rearm) {
                arm(after, deadlines);
            }
        }
        if (statusDue && writesNow(next, now)) {
            writeStatus(now);
        }
    }

    /** Not before the interval while answers are awaited; at once when nothing more is; never for a CR to delete. */
    private boolean writesNow(Next after, Instant now) {
        if (after.kind() == Next.Kind.DeleteNow) {
            return false;
        }
        return after.kind() != Next.Kind.Waiting || statusWrittenAt == null
                || !now.isBefore(statusWrittenAt.plus(statusWriteInterval()));
    }

    private Duration statusWriteInterval() {
        return statusWriteInterval(rebalancer.status().observedWorkloads().size());
    }

    /** The shortest time between two status writes while answers are awaited, for a status of {@code entries}. */
    public static Duration statusWriteInterval(int entries) {
        Duration bySize = STATUS_WRITE_INTERVAL_PER_WORKLOAD.multipliedBy(entries);
        return bySize.compareTo(STATUS_WRITE_INTERVAL) > 0 ? bySize : STATUS_WRITE_INTERVAL;
    }

    private void writeStatus(Instant now) {
        apply(new RebalancerStatusWritten(id, object(), UUID.randomUUID().toString(), rebalancer.status(), now));
    }

    private RebalancerObject object() {
        return new RebalancerObject(cluster, rebalancer.apiVersion(), rebalancer.metadata().name(), uid,
                rebalancer.metadata().creationTimestamp());
    }

    private boolean needsAsking(String targetId, boolean retrying) {
        RescheduleOutcome answer = answers.get(targetId);
        if (answer == null) {
            return !asked.contains(targetId);
        }
        return retrying && answer.is(Kind.Error);
    }

    private static void arm(Next next, DeadlineManager deadlines) {
        deadlines.cancelAllWithinScope(RETRY_DEADLINE);
        deadlines.cancelAllWithinScope(TTL_DEADLINE);
        switch (next.kind()) {
            case Retry -> deadlines.schedule(next.at(), RETRY_DEADLINE, next.at());
            case DeleteAt -> deadlines.schedule(next.at(), TTL_DEADLINE, next.at());
            default -> {
            }
        }
    }

    private ReconcileContext context() {
        return answers.context(observed(), cluster, rebalancer.metadata().creationTimestamp(), templates);
    }

    private RescheduleRequest request(WorkloadReference workload) {
        return RebalancerTargets.request(workload, cluster, rebalancer.spec().dryRun(),
                rebalancer.spec().preserveAvailable());
    }

    private String targetOf(WorkloadReference workload) {
        return RebalancerTargets.targetId(workload, cluster);
    }

    /** The workloads named now (spec and selector) and those the status still shows. */
    private Set<WorkloadReference> observed() {
        Set<WorkloadReference> all = new LinkedHashSet<>(WorkloadSelection.union(rebalancer.spec(), templates));
        rebalancer.status().observedWorkloads().forEach(entry -> all.add(entry.workload()));
        return all;
    }

    private static WorkloadRebalancer withCreationTime(WorkloadRebalancer cr, Instant at) {
        RebalancerMetadata m = cr.metadata();
        if (m != null && m.creationTimestamp() != null) {
            return new WorkloadRebalancer(cr.apiVersion(), cr.kind(), m, cr.spec(), WorkloadRebalancerStatus.EMPTY);
        }
        RebalancerMetadata filled = m == null ? new RebalancerMetadata("", at, 0, "")
                : new RebalancerMetadata(m.name(), at, m.generation(), m.resourceVersion());
        return new WorkloadRebalancer(cr.apiVersion(), cr.kind(), filled, cr.spec(), WorkloadRebalancerStatus.EMPTY);
    }

    @EventSourcingHandler
    void on(RebalancerRegistered event) {
        id = event.id();
        cluster = event.cluster();
        uid = event.uid();
        rebalancer = event.rebalancer();
        templates = event.templates();
        answers.retainOnly(List.of());
        asked.clear();
        next = Next.of(Next.Kind.Done);
        retryStreak = 0;
        removed = false;
        statusDue = false;
        statusWrittenAt = null;
    }

    @EventSourcingHandler
    void on(RebalancerSpecChanged event) {
        rebalancer = new WorkloadRebalancer(event.rebalancer().apiVersion(), event.rebalancer().kind(),
                event.rebalancer().metadata(), event.rebalancer().spec(), rebalancer.status());
        templates = event.templates();
        Set<String> stillNamed = WorkloadSelection.union(rebalancer.spec(), templates).stream().map(this::targetOf)
                .collect(Collectors.toSet());
        answers.retainOnly(stillNamed);
        asked.retainAll(stillNamed);
    }

    @EventSourcingHandler
    void on(RescheduleOutcomesRecorded event) {
        event.outcomes().forEach((target, outcome) -> {
            answers.record(target, outcome);
            asked.remove(target);
        });
    }

    @EventSourcingHandler
    void on(RebalancerReconciled event) {
        rebalancer = new WorkloadRebalancer(rebalancer.apiVersion(), rebalancer.kind(), rebalancer.metadata(),
                rebalancer.spec(), event.statusChange() == null ? rebalancer.status()
                : event.statusChange().applyTo(rebalancer.status()));
        statusDue = !event.deletes() && (statusDue || event.writeStatus());
        event.requests().forEach(r -> asked.add(r.targetId()));
        retryStreak = event.next().kind() == Next.Kind.Retry ? retryStreak + 1 : 0;
        next = event.next();
    }

    @EventSourcingHandler
    void on(RebalancerStatusWritten event) {
        statusDue = false;
        statusWrittenAt = event.at();
    }

    @EventSourcingHandler
    void on(RebalancerRemoved event) {
        removed = true;
        asked.clear();
        next = Next.of(Next.Kind.Done);
    }
}
