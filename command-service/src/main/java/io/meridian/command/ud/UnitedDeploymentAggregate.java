package io.meridian.command.ud;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.federation.api.ReschedulePlan;
import io.meridian.command.ud.api.DeleteLeftoverWorkloads;
import io.meridian.command.ud.api.LeftoverWorkloadsDeleted;
import io.meridian.command.ud.api.PlanUnitedDeploymentReschedule;
import io.meridian.command.ud.api.ReconcileUnitedDeployment;
import io.meridian.command.ud.api.RecordUnitedDeploymentMutationResult;
import io.meridian.command.ud.api.RemoveUnitedDeployment;
import io.meridian.command.ud.api.RescheduleUnitedDeployment;
import io.meridian.command.ud.api.SubsetWorkload;
import io.meridian.command.ud.api.UdMutation;
import io.meridian.command.ud.api.UnitedDeploymentChanged;
import io.meridian.command.ud.api.UnitedDeploymentMutationResultRecorded;
import io.meridian.command.ud.api.UnitedDeploymentReconcileDue;
import io.meridian.command.ud.api.UnitedDeploymentReconcileScheduled;
import io.meridian.command.ud.api.UnitedDeploymentReconciled;
import io.meridian.command.ud.api.UnitedDeploymentRegistered;
import io.meridian.command.ud.api.UnitedDeploymentRemoved;
import io.meridian.command.ud.api.UnitedDeploymentRescheduleCompleted;
import io.meridian.command.ud.api.UnitedDeploymentRescheduled;
import io.meridian.command.ud.api.UpsertUnitedDeployment;
import io.meridian.core.KernelVersion;
import io.meridian.core.karmada.rebalancer.MakeBeforeBreakStep;
import io.meridian.core.patch.KubernetesStrategicMergePatch;
import io.meridian.core.ud.adaptive.PodSnapshot;
import io.meridian.core.ud.alloc.Allocation;
import io.meridian.core.ud.model.UnitedDeployment;
import io.meridian.core.ud.model.UnitedDeploymentDefaults;
import io.meridian.core.ud.model.UnitedDeploymentStatus;
import io.meridian.core.ud.plan.ObservedWorkload;
import io.meridian.core.ud.plan.ReconcileInput;
import io.meridian.core.ud.plan.ReconcilePlan;
import io.meridian.core.ud.plan.ReconcilePlanner;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.annotation.DeadlineHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One UnitedDeployment. Its status lives here; each reconcile asks the kernel's {@link ReconcilePlanner} for the
 * plan, records it with its inputs and turns it into mutations for the subsets' clusters. Handlers decide and
 * apply; only the event sourcing handlers change state.
 */
@Aggregate(cache = "unitedDeploymentCache", commandTargetResolver = "cachingCommandTargetResolver")
public class UnitedDeploymentAggregate {
    public static final String RECONCILE_DEADLINE = "united-deployment-reconcile";
    private static final ReconcilePlanner PLANNER = new ReconcilePlanner(new KubernetesStrategicMergePatch());
    private static final int COLLISION_COUNT = 0;
    /**
     * Added to the kernel's requeue delays. The kernel times an adaptive check from the decision, but the pods it
     * asks for are created a moment after the mutations are applied, and its timeouts compare strictly: a
     * reconcile exactly on time would find those pods not yet timed out and arm nothing more.
     */
    static final Duration REQUEUE_MARGIN = Duration.ofSeconds(2);
    private static final Duration DUE_TOLERANCE = Duration.ofSeconds(1);

    @AggregateIdentifier
    private String id;
    private String cluster;
    private JsonNode manifest;
    private JsonNode status = JsonNodeFactory.instance.objectNode();
    private boolean removed;
    /** The reconcile deadlines armed and not fired yet (each kernel requeue gets its own). */
    private final TreeSet<Instant> dueTimes = new TreeSet<>();
    private boolean statusWritePending;
    private Map<String, Integer> allocation = Map.of();
    private Map<String, Integer> expected;
    private UdRollout rollout;
    private String lastRejection;

    protected UnitedDeploymentAggregate() {
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(UpsertUnitedDeployment command) {
        ObjectNode identityAndSpec = UdJson.identityAndSpec(command.manifest());
        UdJson.unitedDeployment(identityAndSpec, UnitedDeploymentStatus.EMPTY, command.cluster()); // rejects what the kernel cannot read
        if (id == null || removed) {
            apply(new UnitedDeploymentRegistered(command.id(), command.cluster(), identityAndSpec, command.at()));
        } else if (!identityAndSpec.equals(manifest) && !sameObjectInAnotherVersion(identityAndSpec)) {
            apply(new UnitedDeploymentChanged(command.id(), identityAndSpec, command.at()));
            if (rollout != null) {
                apply(new UnitedDeploymentRescheduleCompleted(id, rollout.requestedBy(), rollout.target(),
                        "the spec changed during the make-before-break reschedule; the spec is followed", command.at()));
            }
        }
    }

    /**
     * Kruise serves one UnitedDeployment in v1alpha1 and v1beta1 alike (the spec is the same); an agent watching
     * both reports it in each, and that is no change.
     */
    private boolean sameObjectInAnotherVersion(ObjectNode reported) {
        String group = UdJson.DEFAULT_API_VERSION.substring(0, UdJson.DEFAULT_API_VERSION.indexOf('/') + 1);
        String recorded = manifest.path("apiVersion").asText();
        if (!recorded.startsWith(group) || !reported.path("apiVersion").asText().startsWith(group)) {
            return false;
        }
        ObjectNode sameVersion = reported.deepCopy();
        sameVersion.put("apiVersion", recorded);
        return sameVersion.equals(manifest);
    }

    @CommandHandler
    public void handle(RemoveUnitedDeployment command, DeadlineManager deadlines) {
        if (removed) {
            return;
        }
        deadlines.cancelAllWithinScope(RECONCILE_DEADLINE);
        apply(new UnitedDeploymentRemoved(command.id(), command.decisionId(),
                new UdMutations(cluster, manifest).deleteAll(command.workloads()), command.at()));
    }

    /** Only a removed UnitedDeployment has leftovers; a live one reconciles its workloads instead. */
    @CommandHandler
    public void handle(DeleteLeftoverWorkloads command) {
        if (removed && !command.workloads().isEmpty()) {
            apply(new LeftoverWorkloadsDeleted(command.id(), command.decisionId(),
                    new UdMutations(cluster, manifest).deleteAll(command.workloads()), command.at()));
        }
    }

    @CommandHandler
    public void handle(ReconcileUnitedDeployment command, DeadlineManager deadlines) {
        if (removed) {
            return;
        }
        if (command.rearm() && !dueTimes.isEmpty()) {
            deadlines.cancelAllWithinScope(RECONCILE_DEADLINE);
            dueTimes.forEach(due -> deadlines.schedule(due.isAfter(command.now()) ? due : command.now(),
                    RECONCILE_DEADLINE, due));
        }
        UnitedDeployment ud = kernelView(command);
        List<ObservedWorkload> observed = observed(command.workloads());
        String revision = UdRevision.of(manifest);
        MakeBeforeBreakStep step = rollout == null ? null : rollout.next(observed);
        // a rollout step replaces the allocator, so ready pods need no cap then (the status counts them all)
        ReconcilePlan plan = PLANNER.plan(new ReconcileInput(ud, revision, COLLISION_COUNT,
                step == null ? ExpectedReplicas.view(observed, expected) : observed, pods(command), true, command.now(),
                step == null ? null : UdRollout.replicas(step)));
        switch (plan.outcome()) {
            case PLANNED -> planned(command, plan, observed, revision, deadlines);
            case REJECTED -> rejected(command, plan, revision);
            default -> schedule(command.now(), plan.requeueAfter(), deadlines);
        }
        if (step != null && step.complete()) {
            apply(new UnitedDeploymentRescheduleCompleted(id, rollout.requestedBy(), rollout.target(),
                    "every subset holds its new replicas, all ready", command.now()));
        }
    }

    private void planned(ReconcileUnitedDeployment command, ReconcilePlan plan, List<ObservedWorkload> observed,
                         String revision, DeadlineManager deadlines) {
        JsonNode newStatus = plan.status().map(UdJson::tree).orElse(status);
        boolean statusChanged = !newStatus.equals(status);
        List<UdMutation> mutations = new UdMutations(cluster, manifest).planned(plan,
                statusChanged || statusWritePending ? newStatus : null, subsetClusters(command.workloads()));
        Map<String, Integer> stillExpected = rollout != null ? expected : expected == null
                || !plan.nextReplicas().equals(expected) || ExpectedReplicas.inPlace(observed, expected) ? null : expected;
        Long requeue = plan.requeueAfter().map(d -> d.plus(REQUEUE_MARGIN).toMillis()).orElse(null);
        Instant due = requeue == null ? null : dueAt(command.now(), command.now().plusMillis(requeue), deadlines);
        boolean sameAllocation = plan.nextReplicas().equals(allocation) && Objects.equals(stillExpected, expected);
        if (mutations.isEmpty() && sameAllocation && lastRejection == null) {
            if (due != null) {
                apply(new UnitedDeploymentReconcileScheduled(command.id(), due));
            }
            return;
        }
        apply(new UnitedDeploymentReconciled(command.id(), command.decisionId(), KernelVersion.VALUE, command.now(),
                command.trigger(), inputs(command, revision), output(plan), newStatus, statusChanged, mutations,
                List.of(), requeue, due, stillExpected, reason(plan, mutations)));
    }

    /** A rejected input changes nothing; it is recorded once per distinct reason, with its event. */
    private void rejected(ReconcileUnitedDeployment command, ReconcilePlan plan, String revision) {
        String message = plan.events().isEmpty() ? "rejected" : plan.events().get(0).message();
        if (message.equals(lastRejection)) {
            return;
        }
        ObjectNode output = output(plan);
        output.put("rejection", message);
        apply(new UnitedDeploymentReconciled(command.id(), command.decisionId(), KernelVersion.VALUE, command.now(),
                command.trigger(), inputs(command, revision), output, status, false, List.of(),
                plan.events().stream().map(UdJson::tree).toList(), null, null, expected, message));
    }

    private void schedule(Instant now, Optional<Duration> requeue, DeadlineManager deadlines) {
        if (requeue.isPresent()) {
            Instant due = dueAt(now, now.plus(requeue.get()).plus(REQUEUE_MARGIN), deadlines);
            if (due != null) {
                apply(new UnitedDeploymentReconcileScheduled(id, due));
            }
        }
    }

    @CommandHandler
    public ReschedulePlan handle(RescheduleUnitedDeployment command) {
        ReschedulePlan plan = reschedulePlan(command.at());
        if (rollout != null) {
            apply(new UnitedDeploymentRescheduleCompleted(id, rollout.requestedBy(), rollout.target(),
                    "superseded by a reschedule for " + command.requestedBy(), command.at()));
        }
        Integer availableAtStart = command.preserveAvailable() ? status.path("readyReplicas").asInt(0) : null;
        apply(new UnitedDeploymentRescheduled(command.id(), command.requestedBy(),
                command.id() + "@reschedule:" + command.requestedBy() + ":" + command.at(), plan.before(), plan.after(),
                command.at(), availableAtStart));
        return plan;
    }

    @CommandHandler
    public ReschedulePlan handle(PlanUnitedDeploymentReschedule command) {
        return reschedulePlan(command.at());
    }

    private ReschedulePlan reschedulePlan(Instant at) {
        if (removed) {
            throw new AggregateNotFoundException(id, "UnitedDeployment " + id + " was removed");
        }
        UnitedDeployment ud = UdJson.unitedDeployment(manifest, UdJson.status(status), cluster);
        Allocation fresh = FreshAllocation.of(ud, at);
        Map<String, Integer> before = new LinkedHashMap<>();
        UnitedDeploymentDefaults.apply(ud.spec()).effectiveTopology().subsets()
                .forEach(s -> before.put(s.name(), allocation.getOrDefault(s.name(), 0)));
        return new ReschedulePlan(before, fresh.isRejected() ? before : fresh.nextReplicas());
    }

    /**
     * Only a mutation that failed for good makes the next reconcile correct it: the applier itself retries a
     * Conflict and an Unreachable cluster (a reconcile for each interim Unreachable would only pile up more
     * mutations for the cluster that is cut off).
     */
    @CommandHandler
    public void handle(RecordUnitedDeploymentMutationResult command) {
        boolean failed = "Failed".equals(command.outcome());
        apply(new UnitedDeploymentMutationResultRecorded(command.id(), command.mutationId(), command.outcome(),
                command.detail(), command.completedAt(), failed));
    }

    @DeadlineHandler(deadlineName = RECONCILE_DEADLINE)
    public void reconcileDue(Instant dueAt) {
        if (!removed) {
            apply(new UnitedDeploymentReconcileDue(id, dueAt));
        }
    }

    @EventSourcingHandler
    void on(UnitedDeploymentRegistered event) {
        id = event.id();
        cluster = event.cluster();
        manifest = event.manifest();
        status = JsonNodeFactory.instance.objectNode();
        removed = false;
        allocation = Map.of();
        expected = null;
        rollout = null;
        lastRejection = null;
    }

    @EventSourcingHandler
    void on(UnitedDeploymentChanged event) {
        manifest = event.manifest();
    }

    @EventSourcingHandler
    void on(UnitedDeploymentRemoved event) {
        removed = true;
        rollout = null;
        dueTimes.clear();
    }

    @EventSourcingHandler
    void on(UnitedDeploymentReconciled event) {
        status = event.status();
        statusWritePending = false;
        dueTimes.headSet(event.now()).clear();
        if (event.reconcileDueAt() != null) {
            dueTimes.add(event.reconcileDueAt());
        }
        JsonNode next = event.output().path("nextReplicas");
        if (next.isObject() && !next.isEmpty()) {
            Map<String, Integer> replicas = new LinkedHashMap<>();
            next.properties().forEach(e -> replicas.put(e.getKey(), e.getValue().asInt()));
            allocation = Map.copyOf(replicas);
        }
        expected = event.expectedReplicas();
        lastRejection = event.output().has("rejection") ? event.output().get("rejection").asText() : null;
    }

    @EventSourcingHandler
    void on(UnitedDeploymentReconcileScheduled event) {
        dueTimes.add(event.dueAt());
    }

    @EventSourcingHandler
    void on(UnitedDeploymentReconcileDue event) {
        dueTimes.headSet(event.at(), true).clear();
    }

    @EventSourcingHandler
    void on(UnitedDeploymentRescheduled event) {
        expected = Map.copyOf(event.after());
        rollout = event.availableAtStart() == null ? null
                : new UdRollout(event.requestedBy(), Map.copyOf(event.after()), event.availableAtStart());
    }

    @EventSourcingHandler
    void on(UnitedDeploymentRescheduleCompleted event) {
        rollout = null;
    }

    @EventSourcingHandler
    void on(UnitedDeploymentMutationResultRecorded event) {
        if (event.retry() && event.mutationId() != null
                && event.mutationId().endsWith("/" + UdMutations.STATUS_INDEX)) {
            statusWritePending = true;
        }
    }

    /** The UnitedDeployment as the kernel sees it, its unreachable clusters' subsets unschedulable. */
    private UnitedDeployment kernelView(ReconcileUnitedDeployment command) {
        UnitedDeployment ud = UdJson.unitedDeployment(manifest, UdJson.status(status), cluster);
        var spec = UnitedDeploymentDefaults.apply(ud.spec());
        return ud.withStatus(Reachability.apply(ud.status(), spec.effectiveTopology().subsets(),
                spec.effectiveTopology().effectiveScheduleStrategy(), command.unreachableClusters(), command.now()));
    }

    /** The reported workloads the kernel can read; those of the UnitedDeployment's own cluster have no cluster. */
    private List<ObservedWorkload> observed(List<SubsetWorkload> workloads) {
        List<ObservedWorkload> out = new ArrayList<>();
        for (SubsetWorkload workload : workloads) {
            String where = cluster.equals(workload.cluster()) ? null : workload.cluster();
            ObservedWorkload.fromManifest(workload.manifest(), where).ifPresent(out::add);
        }
        return out;
    }

    private static Map<String, List<PodSnapshot>> pods(ReconcileUnitedDeployment command) {
        Map<String, List<PodSnapshot>> pods = new LinkedHashMap<>();
        command.podsBySubset().forEach((subset, list) -> pods.put(subset, list.stream().map(UdJson::pod).toList()));
        return pods;
    }

    /** Subset name to the cluster its workload was reported from (for pod mutations). */
    private static Map<String, String> subsetClusters(List<SubsetWorkload> workloads) {
        Map<String, String> clusters = new LinkedHashMap<>();
        for (SubsetWorkload workload : workloads) {
            String subset = workload.manifest().path("metadata").path("labels").path("apps.kruise.io/subset-name").asText(null);
            if (subset != null) {
                clusters.putIfAbsent(subset, workload.cluster());
            }
        }
        return clusters;
    }

    /**
     * Arms a reconcile at {@code candidate} unless one is already due within a second of it; answers the due time
     * to record (null: none armed). An earlier pending deadline does not replace a later one: the kernel asks for
     * a look after a scale-up only once, and a reconcile before that time would not ask again.
     */
    private Instant dueAt(Instant now, Instant candidate, DeadlineManager deadlines) {
        boolean covered = dueTimes.stream().anyMatch(due -> due.isAfter(now)
                && Duration.between(candidate, due).abs().compareTo(DUE_TOLERANCE) <= 0);
        if (covered) {
            return null;
        }
        deadlines.schedule(candidate, RECONCILE_DEADLINE, candidate);
        return candidate;
    }

    private static JsonNode inputs(ReconcileUnitedDeployment command, String revision) {
        ObjectNode inputs = JsonNodeFactory.instance.objectNode();
        inputs.put("updatedRevision", revision);
        inputs.set("workloads", UdJson.tree(command.workloads()));
        inputs.set("podsBySubset", UdJson.tree(command.podsBySubset()));
        inputs.set("unreachableClusters", UdJson.tree(command.unreachableClusters()));
        return inputs;
    }

    private static ObjectNode output(ReconcilePlan plan) {
        ObjectNode output = JsonNodeFactory.instance.objectNode();
        output.put("outcome", plan.outcome().name());
        output.set("nextReplicas", UdJson.tree(plan.nextReplicas()));
        output.set("partitions", UdJson.tree(plan.partitions()));
        return output;
    }

    private static String reason(ReconcilePlan plan, List<UdMutation> mutations) {
        return "allocated " + plan.nextReplicas() + "; " + plan.creates().size() + " to create, "
                + plan.updates().size() + " to update, " + plan.deletions().size() + " to delete, "
                + plan.podLabels().size() + " pod label(s), " + mutations.size() + " mutation(s)";
    }
}
