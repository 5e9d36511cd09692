package io.meridian.command.federation;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.meridian.command.federation.api.BindingFailbackDue;
import io.meridian.command.federation.api.BindingFailbackScheduled;
import io.meridian.command.federation.api.BindingMutation;
import io.meridian.command.federation.api.BindingReleased;
import io.meridian.command.federation.api.BindingRescheduleCompleted;
import io.meridian.command.federation.api.BindingRescheduled;
import io.meridian.command.federation.api.BindingRolloutStarted;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.federation.api.MemberView;
import io.meridian.command.federation.api.PlanBindingReschedule;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.federation.api.SyncBinding;
import io.meridian.core.karmada.rebalancer.FailbackDecision;
import io.meridian.core.karmada.rebalancer.FailbackTimer;
import io.meridian.core.karmada.rebalancer.MakeBeforeBreakPlanner;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.annotation.DeadlineHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One resource template of the host cluster and its PropagationPolicy: the replicas divided over the member
 * clusters by the kernel ({@link BindingPlanner}), failover from unreachable members, failback after
 * {@code failback.stabilizationSeconds} and fresh reschedules asked by rebalancers. Id {@code binding:ns/kind/name}.
 */
@Aggregate(cache = "bindingCache", commandTargetResolver = "cachingCommandTargetResolver")
public class BindingAggregate {
    public static final String FAILBACK_DEADLINE = "binding-failback";

    @AggregateIdentifier
    private String id;
    private boolean bound;
    private String apiVersion = "apps/v1";
    private int total;
    private String digest = "";
    private boolean hostWritten;
    private JsonNode appliedPlacement;
    private Map<String, Integer> assignment = Map.of();
    private Map<String, Integer> applied = Map.of();
    private Instant rescheduleTriggeredAt;
    private Instant lastScheduledTime;
    /** The time the last honoured reschedule was asked at: a repeated request (a retried command) is not fresh again. */
    private Instant lastHonouredTrigger;
    private String observedAffinityName = "";
    private String lastFailure;
    private BindingView.Pending pending;
    private final Set<String> failedOver = new TreeSet<>();
    /** Per failed-over cluster, the healthy period a failback check is scheduled for, and the one that triggered. */
    private final Map<String, Instant> failbackScheduled = new HashMap<>();
    private final Map<String, Instant> failbackTriggered = new HashMap<>();

    protected BindingAggregate() {
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(SyncBinding command, BindingInputs inputs, DeadlineManager deadlines) {
        Optional<BindingSource> read = inputs.read(command.bindingId());
        if (read.isEmpty()) {
            return;
        }
        BindingSource source = read.get();
        if (!source.bound()) {
            release(command.bindingId(), source, command.at());
            report(command.bindingId(), inputs, source);
            return;
        }
        BindingPlanner.decide(view(command.bindingId()), source, command.trigger(), command.at(),
                nextDecisionId(command.bindingId()), rescheduleTriggeredAt, null).ifPresent(d -> record(d, inputs));
        afterDecision(source, command.at(), deadlines);
        report(command.bindingId(), inputs, source);
    }

    @CommandHandler
    public ReschedulePlan handle(RescheduleBinding command, BindingInputs inputs, DeadlineManager deadlines) {
        BindingSource source = boundSource(inputs);
        Map<String, Integer> before = assignment;
        boolean fresh = lastScheduledTime != null && (lastHonouredTrigger == null || command.at().isAfter(lastHonouredTrigger));
        Integer floor = fresh && command.preserveAvailable()
                ? MakeBeforeBreakPlanner.available(KernelSchedule.targets(applied), BindingPlanner.readyReplicas(source))
                : null;
        Instant trigger = fresh ? triggerAfterLastSchedule(command.at()) : command.at();
        Optional<BindingScheduled> decision = BindingPlanner.decide(view(id), source,
                "reschedule asked by " + command.requestedBy(), trigger, nextDecisionId(id), trigger, floor);
        if (floor != null) {
            apply(new BindingRolloutStarted(id, command.requestedBy(),
                    decision.map(BindingScheduled::assignment).orElse(before), floor, command.at()));
        }
        decision.ifPresent(d -> record(d, inputs));
        if (fresh) {
            apply(new BindingRescheduled(id, command.requestedBy(),
                    decision.map(BindingScheduled::decisionId).orElse(null), before, assignment, command.at()));
        }
        afterDecision(source, command.at(), deadlines);
        report(id, inputs, source);
        return new ReschedulePlan(before, assignment);
    }

    /** What the command left, for whoever reacts to changes: does the binding wait for its copies, which clusters matter. */
    private void report(String bindingId, BindingInputs inputs, BindingSource source) {
        inputs.awaitingCopies(bindingId, pending != null);
        if (pending != null && !view(bindingId).rollingOut()) {
            inputs.awaitedCopies(bindingId, assignment, pending.preserve());
        }
        Set<String> clusters = new TreeSet<>(assignment.keySet());
        clusters.addAll(applied.keySet());
        clusters.addAll(failedOver);
        clusters.addAll(failbackScheduled.keySet());
        clusters.addAll(source.copies().keySet());
        inputs.involves(bindingId, clusters);
    }

    private static void record(BindingScheduled decision, BindingInputs inputs) {
        apply(decision);
        inputs.applied(decision);
    }

    /**
     * A reschedule asked for explicitly is honoured even when a schedule for another reason (a scale, a retry) ran
     * after the time it was asked at: Karmada's trigger would then be dropped (§2.6 condition 3 compares it with the
     * last schedule) and the rebalancer would wait for nothing. The trigger (and the time of the schedule it starts) is moved just past
     * that schedule.
     */
    private Instant triggerAfterLastSchedule(Instant askedAt) {
        return askedAt.isAfter(lastScheduledTime) ? askedAt : lastScheduledTime.plusMillis(1);
    }

    @CommandHandler
    public ReschedulePlan handle(PlanBindingReschedule command, BindingInputs inputs) {
        BindingSource source = boundSource(inputs);
        Map<String, Integer> after = BindingPlanner.decide(view(id), source, "dry run", command.at(), "dry-run",
                        command.at(), null)
                .filter(d -> d.failure() == null).map(BindingScheduled::assignment).orElse(assignment);
        return new ReschedulePlan(assignment, after);
    }

    @DeadlineHandler(deadlineName = FAILBACK_DEADLINE)
    public void failbackDue(FailbackCheck check) {
        if (!failedOver.contains(check.cluster())
                || !Objects.equals(failbackScheduled.get(check.cluster()), check.healthySince())) {
            return;
        }
        FailbackDecision decision = FailbackTimer.evaluate(check.healthySince(), check.stabilizationSeconds(),
                rescheduleTriggeredAt, check.checkAt());
        if (decision instanceof FailbackDecision.Due) {
            apply(new BindingFailbackDue(id, check.cluster(), check.healthySince(), check.checkAt()));
        }
    }

    private BindingSource boundSource(BindingInputs inputs) {
        Optional<BindingSource> source = inputs.read(id).filter(BindingSource::bound);
        if (!bound || source.isEmpty()) {
            throw new AggregateNotFoundException(id, "no template bound to a PropagationPolicy for " + id);
        }
        return source.get();
    }

    private void release(String bindingId, BindingSource source, Instant at) {
        if (!bound) {
            return;
        }
        BindingRef ref = BindingRef.parse(bindingId);
        List<BindingMutation> deletes = new ArrayList<>();
        if (source.template() == null) {
            for (String cluster : applied.keySet()) {
                if (!cluster.equals(source.host())) {
                    deletes.add(new BindingMutation(deletes.size(), cluster, CopyPlanner.DELETE, apiVersion, ref.kind(),
                            ref.namespace(), ref.name(), JsonNodeFactory.instance.objectNode()));
                }
            }
        }
        apply(new BindingReleased(bindingId, nextDecisionId(bindingId), source.template() == null
                ? "template deleted: its copies in the other members are deleted"
                : "no PropagationPolicy selects the template any more: its copies are left as they are", deletes, at));
    }

    /** After every decision: failback timers for recovered clusters, and whether a reschedule is in place. */
    private void afterDecision(BindingSource source, Instant at, DeadlineManager deadlines) {
        Integer stabilization = PolicyMatch.stabilizationSeconds(source.policy());
        for (String cluster : List.copyOf(failedOver)) {
            Instant healthySince = source.member(cluster).filter(MemberView::ready).map(MemberView::readySince)
                    .orElse(null);
            FailbackDecision decision = FailbackTimer.evaluate(healthySince, stabilization, rescheduleTriggeredAt, at);
            if (decision instanceof FailbackDecision.Wait wait
                    && !Objects.equals(failbackScheduled.get(cluster), healthySince)) {
                deadlines.schedule(wait.checkAt(), FAILBACK_DEADLINE,
                        new FailbackCheck(cluster, healthySince, stabilization, wait.checkAt()));
                apply(new BindingFailbackScheduled(id, cluster, healthySince, wait.checkAt()));
            } else if (decision instanceof FailbackDecision.Due
                    && !Objects.equals(failbackTriggered.get(cluster), healthySince)) {
                apply(new BindingFailbackDue(id, cluster, healthySince, at));
            } else if (decision instanceof FailbackDecision.NotHealthy && failbackScheduled.containsKey(cluster)) {
                apply(new BindingFailbackScheduled(id, cluster, null, null));
            }
        }
        if (pending != null && !view(id).rollingOut() && inPlace(source)) {
            apply(new BindingRescheduleCompleted(id, pending.requestedBy(), assignment, at));
        }
    }

    /** Every cluster's copy holds its assigned replicas (all of them ready, with preserveAvailable). */
    private boolean inPlace(BindingSource source) {
        return CopiesInPlace.match(assignment, source.copies(), pending.preserve());
    }

    private BindingView view(String bindingId) {
        return new BindingView(bindingId, total, digest, hostWritten, appliedPlacement, assignment, applied,
                rescheduleTriggeredAt, lastScheduledTime, observedAffinityName, lastFailure, pending);
    }

    /** Deterministic per binding and event sequence, so a retried command reuses it (no '@': not a spread's). */
    private static String nextDecisionId(String bindingId) {
        Long version = AggregateLifecycle.getVersion();
        long next = version == null ? 0 : version + 1;
        return UUID.nameUUIDFromBytes((bindingId + "#" + next).getBytes(StandardCharsets.UTF_8)).toString();
    }

    @EventSourcingHandler
    void on(BindingScheduled event) {
        id = event.bindingId();
        bound = true;
        if (event.failure() == null) {
            // what the clusters were told; a failed schedule told them nothing
            total = event.inputs().replicas();
            apiVersion = event.inputs().templateApiVersion();
            digest = event.templateDigest();
        }
        String host = event.inputs().hostCluster();
        hostWritten |= event.mutations().stream().anyMatch(m -> m.cluster().equals(host));
        rescheduleTriggeredAt = event.inputs().rescheduleTriggeredAt();
        if (event.mode() != null) {
            appliedPlacement = event.inputs().placement();
            lastFailure = event.failure();
            if (event.failure() == null) {
                lastScheduledTime = event.at();
                observedAffinityName = event.affinityName();
                if (pending != null && pending.preserve() && !"FRESH".equals(event.mode())) {
                    // a Steady schedule in the middle of a rollout replaces its target: the rollout ends
                    pending = new BindingView.Pending(pending.requestedBy(), false, 0);
                }
            }
        }
        assignment = new TreeMap<>(event.assignment());
        applied = new TreeMap<>(event.applied());
        failedOver.addAll(event.inputs().evicted());
    }

    @EventSourcingHandler
    void on(BindingRolloutStarted event) {
        pending = new BindingView.Pending(event.requestedBy(), true, event.availableAtStart());
    }

    @EventSourcingHandler
    void on(BindingRescheduled event) {
        lastHonouredTrigger = event.at();
        if (pending == null || !pending.preserve()) {
            pending = new BindingView.Pending(event.requestedBy(), false, 0);
        }
        failedOver.clear();
        failbackScheduled.clear();
        failbackTriggered.clear();
    }

    @EventSourcingHandler
    void on(BindingRescheduleCompleted event) {
        pending = null;
    }

    @EventSourcingHandler
    void on(BindingFailbackScheduled event) {
        if (event.healthySince() == null) {
            failbackScheduled.remove(event.cluster());
        } else {
            failbackScheduled.put(event.cluster(), event.healthySince());
        }
    }

    @EventSourcingHandler
    void on(BindingFailbackDue event) {
        failbackTriggered.put(event.cluster(), event.healthySince());
    }

    @EventSourcingHandler
    void on(BindingReleased event) {
        id = event.bindingId();
        bound = false;
        hostWritten = false;
        appliedPlacement = null;
        assignment = Map.of();
        applied = Map.of();
        digest = "";
        lastFailure = null;
        pending = null;
        failedOver.clear();
    }
}
