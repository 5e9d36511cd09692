package io.meridian.core.ud.plan;

import io.fabric8.kubernetes.api.model.Condition;
import io.meridian.core.ud.adaptive.AdaptiveSubsetState;
import io.meridian.core.ud.adaptive.SubsetObservation;
import io.meridian.core.ud.alloc.Allocation;
import io.meridian.core.ud.model.Conditions;
import io.meridian.core.ud.model.UdLabels;
import io.meridian.core.ud.model.UdSubsetStatus;
import io.meridian.core.ud.model.UnitedDeployment;
import io.meridian.core.ud.model.UnitedDeploymentStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Step 11 of §2.3 and the requeue: the status to write and the finished plan. */
final class StatusPlanner {
    static final String RESERVED_POD_SELECTOR_SUFFIX = "," + UdLabels.RESERVED_POD + "=false";

    private final ReconcileContext context;
    private final Map<String, SubsetObservation> observed;
    private final Map<String, AdaptiveSubsetState> states;

    StatusPlanner(ReconcileContext context, Map<String, SubsetObservation> observed,
                  Map<String, AdaptiveSubsetState> states) {
        this.context = context;
        this.observed = observed;
        this.states = states;
    }

    ReconcilePlan plan(Allocation allocation, Map<String, Integer> partitions, WorkloadChanges.Changes changes) {
        UnitedDeploymentStatus status = status(allocation, partitions, changes);
        UnitedDeployment ud = context.ud();
        return new ReconcilePlan(ReconcilePlan.Outcome.PLANNED, allocation.nextReplicas(), partitions,
                changes.creates(), changes.updates(), changes.deletions(), changes.podLabels(),
                Optional.of(ud.isV1alpha1() ? status.asV1alpha1() : status.asV1beta1()), requeue(changes), List.of());
    }

    private UnitedDeploymentStatus status(Allocation allocation, Map<String, Integer> partitions,
                                          WorkloadChanges.Changes changes) {
        List<UdSubsetStatus> subsetStatuses = new ArrayList<>();
        int statusReplicas = 0;
        int ready = 0;
        int updated = 0;
        int updatedReady = 0;
        int reserved = 0;
        for (String name : observed.keySet()) {
            ObservedWorkload workload = context.discovery().kept().get(name);
            AdaptiveSubsetState state = states.get(name);
            int subsetReserved = state == null ? 0 : state.reservedPods();
            int subsetReady = workload == null ? 0 : workload.readyReplicas();
            subsetStatuses.add(withState(context.subsetStatus(name), state)
                    .withCounts(allocation.replicasOf(name), subsetReady, partitions.get(name), subsetReserved));
            if (workload != null) {
                statusReplicas += workload.statusReplicas();
                ready += subsetReady;
                updated += workload.updatedReplicas();
                updatedReady += workload.updatedReadyReplicas();
            }
            reserved += subsetReserved;
        }
        int replicas = statusReplicas - reserved;
        UnitedDeploymentStatus old = context.ud().status();
        String currentRevision = updatedReady >= replicas ? context.updatedRevision() : old.currentRevision();
        return new UnitedDeploymentStatus(context.ud().metadata().getGeneration(), replicas, ready, updated,
                updatedReady, reserved, currentRevision, context.updatedRevision(), context.input().collisionCount(),
                subsetStatuses, conditions(currentRevision, changes), labelSelector(), null, null);
    }

    private static UdSubsetStatus withState(UdSubsetStatus status, AdaptiveSubsetState state) {
        return state == null || state.schedulable().isEmpty() ? status : status.withSchedulable(state.schedulable().get());
    }

    private List<Condition> conditions(String currentRevision, WorkloadChanges.Changes changes) {
        List<Condition> conditions = RevisionCondition.set(context.conditions(), currentRevision,
                context.updatedRevision(), context.now());
        if (!changes.creates().isEmpty() || !changes.deletions().isEmpty()) {
            conditions = Conditions.set(conditions, Conditions.of(UnitedDeploymentStatus.SUBSET_PROVISIONED,
                    Conditions.TRUE, "", "", context.now()));
        }
        if (!changes.updates().isEmpty()) {
            conditions = Conditions.set(conditions, Conditions.of(UnitedDeploymentStatus.SUBSET_UPDATED,
                    Conditions.TRUE, "", "", context.now()));
        }
        Optional<String> failure = context.discovery().kept().values().stream()
                .flatMap(w -> w.failureMessage().stream()).findFirst();
        return failure.isPresent()
                ? Conditions.set(conditions, Conditions.of(UnitedDeploymentStatus.SUBSET_FAILURE, Conditions.TRUE,
                        "Error", failure.get(), context.now()))
                : Conditions.remove(conditions, UnitedDeploymentStatus.SUBSET_FAILURE);
    }

    private String labelSelector() {
        String selector = LabelSelectorFormat.format(context.spec().selector());
        return context.strategy().isReservation() ? selector + RESERVED_POD_SELECTOR_SUFFIX : selector;
    }

    /** The earliest adaptive check; with Adaptive, creating or scaling up also looks again after the critical time. */
    private Optional<Duration> requeue(WorkloadChanges.Changes changes) {
        Optional<Duration> requeue = Optional.empty();
        for (AdaptiveSubsetState state : states.values()) {
            requeue = AdaptiveSubsetState.earliest(requeue, state.requeueAfter());
        }
        if (context.strategy().isAdaptive() && (!changes.creates().isEmpty() || changes.scaledUp())) {
            requeue = AdaptiveSubsetState.earliest(requeue, Optional.of(
                    Duration.ofSeconds(context.strategy().effectiveAdaptive().effectiveRescheduleCriticalSeconds())));
        }
        return requeue;
    }
}
