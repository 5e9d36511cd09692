package io.meridian.core.ud.plan;

import io.meridian.core.patch.StrategicMergePatch;
import io.meridian.core.ud.adaptive.AdaptiveSubsetState;
import io.meridian.core.ud.adaptive.DefaultAdaptiveState;
import io.meridian.core.ud.adaptive.ReservationState;
import io.meridian.core.ud.adaptive.SubsetObservation;
import io.meridian.core.ud.alloc.Allocation;
import io.meridian.core.ud.alloc.AllocationRequest;
import io.meridian.core.ud.alloc.AllocatorKind;
import io.meridian.core.ud.alloc.ExistingSubset;
import io.meridian.core.ud.model.Subset;
import io.meridian.core.ud.model.SubsetTemplate.KindedTemplate;
import io.meridian.core.ud.model.UdScheduleStrategy;
import io.meridian.core.ud.model.UnitedDeployment;
import io.meridian.core.ud.model.UnitedDeploymentDefaults;
import io.meridian.core.ud.model.UnitedDeploymentSpec;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** One UnitedDeployment reconcile (§2.3) as a pure function: observed state and time in, a plan out. */
public final class ReconcilePlanner {
    static final String EVENT_ALLOCATION_FAILED = "FailedSpecifySubsetReplicas";
    static final String EVENT_INVALID_TEMPLATE = "FailedTemplate";

    private final WorkloadChanges workloadChanges;

    public ReconcilePlanner(StrategicMergePatch patcher) {
        this.workloadChanges = new WorkloadChanges(patcher);
    }

    public ReconcilePlan plan(ReconcileInput input) {
        UnitedDeployment ud = input.ud();
        if (ud.metadata().getDeletionTimestamp() != null) {
            return ReconcilePlan.skippedDeleting();
        }
        if (!input.lastStatusWriteObserved()) {
            return ReconcilePlan.waitingForStatus();
        }
        UnitedDeploymentSpec spec = UnitedDeploymentDefaults.apply(ud.spec());
        List<KindedTemplate> templates = spec.template() == null ? List.of() : spec.template().present();
        if (templates.isEmpty()) {
            return ReconcilePlan.rejected(UdEvent.warning(EVENT_INVALID_TEMPLATE, "should provide one of "
                    + "statefulSetTemplate, advancedStatefulSetTemplate, cloneSetTemplate, or deploymentTemplate"));
        }
        return planWith(new ReconcileContext(ud.withSpec(spec), templates.get(0), input));
    }

    private ReconcilePlan planWith(ReconcileContext context) {
        Map<String, SubsetObservation> observed = observe(context);
        Map<String, AdaptiveSubsetState> states = preProcess(context, observed);
        Allocation allocation = allocate(context, observed, states);
        if (allocation.isRejected()) {
            return ReconcilePlan.rejected(UdEvent.warning(EVENT_ALLOCATION_FAILED,
                    "Specified subset replicas is ineffective: " + allocation.error()));
        }
        if (context.strategy().isReservation()) {
            states = postProcess(states, observed, allocation, context.now());
        }
        Map<String, Integer> partitions = partitions(context, allocation);
        WorkloadChanges.Changes changes = workloadChanges.plan(context, allocation, partitions, states, observed);
        return new StatusPlanner(context, observed, states).plan(allocation, partitions, changes);
    }

    private static Allocation allocate(ReconcileContext context, Map<String, SubsetObservation> observed,
                                       Map<String, AdaptiveSubsetState> states) {
        Map<String, Integer> step = context.input().rolloutStep();
        if (step != null) {
            Map<String, Integer> replicas = new LinkedHashMap<>();
            context.subsets().forEach(s -> replicas.put(s.name(), step.getOrDefault(s.name(), 0)));
            return Allocation.of(replicas);
        }
        return AllocatorKind.allocate(context.strategy(),
                new AllocationRequest(context.spec().replicas(), context.subsets(), existing(observed, states)));
    }

    private static Map<String, SubsetObservation> observe(ReconcileContext context) {
        Map<String, SubsetObservation> observed = new LinkedHashMap<>();
        for (Subset subset : context.subsets()) {
            var schedulable = context.subsetStatus(subset.name()).schedulable();
            ObservedWorkload workload = context.discovery().kept().get(subset.name());
            observed.put(subset.name(), workload == null ? SubsetObservation.missing(subset.name(), schedulable)
                    : new SubsetObservation(subset.name(), true, workload.specReplicas(), workload.statusReplicas(),
                            workload.readyReplicas(), context.input().podsOf(subset.name()), schedulable));
        }
        return observed;
    }

    private static Map<String, AdaptiveSubsetState> preProcess(ReconcileContext context,
                                                               Map<String, SubsetObservation> observed) {
        UdScheduleStrategy strategy = context.strategy();
        if (!strategy.isAdaptive()) {
            return Map.of();
        }
        Instant updatedSince = RevisionCondition.lastTransition(context.conditions());
        Map<String, AdaptiveSubsetState> states = new LinkedHashMap<>();
        observed.forEach((name, subset) -> states.put(name, strategy.isReservation()
                ? ReservationState.evaluate(subset, strategy.effectiveAdaptive(), context.updatedRevision(),
                        updatedSince, context.now())
                : DefaultAdaptiveState.evaluate(subset, strategy.effectiveAdaptive(), context.now())));
        return states;
    }

    /** Only existing workloads are passed on: a missing subset counts as empty and schedulable. */
    private static Map<String, ExistingSubset> existing(Map<String, SubsetObservation> observed,
                                                        Map<String, AdaptiveSubsetState> states) {
        Map<String, ExistingSubset> existing = new LinkedHashMap<>();
        observed.forEach((name, subset) -> {
            if (subset.exists()) {
                AdaptiveSubsetState state = states.get(name);
                existing.put(name, state != null ? state.toExistingSubset(subset)
                        : new ExistingSubset(subset.specReplicas(), subset.statusReplicas(), subset.readyReplicas(),
                                false, false, 0, 0));
            }
        });
        return existing;
    }

    private static Map<String, AdaptiveSubsetState> postProcess(Map<String, AdaptiveSubsetState> states,
                                                                Map<String, SubsetObservation> observed,
                                                                Allocation allocation, Instant now) {
        return states.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> ReservationState.afterAllocation(e.getValue(), allocation.replicasOf(e.getKey()),
                        observed.get(e.getKey()).specReplicas(), now),
                (a, b) -> a, LinkedHashMap::new));
    }

    /** The Manual partition of each subset (0 if absent), capped at its next replicas. */
    private static Map<String, Integer> partitions(ReconcileContext context, Allocation allocation) {
        Map<String, Integer> partitions = new LinkedHashMap<>();
        for (Subset subset : context.subsets()) {
            int configured = context.spec().effectiveUpdateStrategy().partitionOf(subset.name());
            partitions.put(subset.name(), Math.min(configured, allocation.replicasOf(subset.name())));
        }
        return partitions;
    }
}
