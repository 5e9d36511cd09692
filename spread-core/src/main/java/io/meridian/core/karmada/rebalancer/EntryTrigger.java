package io.meridian.core.karmada.rebalancer;

import io.meridian.core.karmada.scheduler.BindingState;
import java.time.Instant;
import java.util.Optional;

/** §2.3: record the reschedule trigger on one entry's binding (plus the dry-run and make-before-break additions). */
final class EntryTrigger {
    private final WorkloadRebalancer rebalancer;
    private final ReconcileContext context;

    EntryTrigger(WorkloadRebalancer rebalancer, ReconcileContext context) {
        this.rebalancer = rebalancer;
        this.context = context;
    }

    EntryOutcome apply(ObservedWorkload entry) {
        if (entry.is(WorkloadResult.Successful) || entry.is(WorkloadResult.Failed)) {
            // Failed is final while the entry stays in spec, even if the binding appears later.
            return EntryOutcome.settled(entry);
        }
        WorkloadReference workload = entry.workload();
        BindingLookup lookup = context.lookup(workload.bindingKey());
        if (lookup instanceof BindingLookup.Found found) {
            return rebalancer.spec().dryRun() ? EntryOutcome.settled(plan(workload, found.binding()))
                    : trigger(entry, found);
        }
        return lookup instanceof BindingLookup.NotFound
                ? EntryOutcome.settled(ObservedWorkload.bindingNotFound(workload))
                : EntryOutcome.retry(entry);
    }

    private ObservedWorkload plan(WorkloadReference workload, BindingState binding) {
        return ObservedWorkload.planned(workload,
                new RebalancePlan(binding.clusters(), context.planner().assignFresh(binding)));
    }

    private EntryOutcome trigger(ObservedWorkload entry, BindingLookup.Found found) {
        BindingState binding = found.binding();
        if (!needsTrigger(binding.rescheduleTriggeredAt())) {
            return afterTriggerRecorded(entry, found);
        }
        Optional<BindingUpdate> update =
                Optional.of(new BindingUpdate(binding.key(), rebalancer.metadata().creationTimestamp()));
        return switch (context.updateOutcome(binding.key())) {
            case NotFound -> EntryOutcome.settled(ObservedWorkload.bindingNotFound(entry.workload()));
            case Failed -> EntryOutcome.retry(entry);
            case Applied -> rebalancer.spec().preserveAvailable()
                    // the rollout towards the fresh assignment has not started: the binding was just triggered
                    ? new EntryOutcome(entry, update, EntryOutcome.Progress.Rolling)
                    : new EntryOutcome(ObservedWorkload.successful(entry.workload()), update,
                            EntryOutcome.Progress.Settled);
        };
    }

    /** The trigger is written when absent or strictly older than this rebalancer's creation. */
    private boolean needsTrigger(Instant recorded) {
        Instant created = rebalancer.metadata().creationTimestamp();
        return recorded == null || created.isAfter(recorded);
    }

    private EntryOutcome afterTriggerRecorded(ObservedWorkload entry, BindingLookup.Found found) {
        if (!rebalancer.spec().preserveAvailable() || rolledOut(found)) {
            return EntryOutcome.settled(ObservedWorkload.successful(entry.workload()));
        }
        return new EntryOutcome(entry, Optional.empty(), EntryOutcome.Progress.Rolling);
    }

    /** With preserveAvailable, Successful means the fresh assignment is in place and ready. */
    private static boolean rolledOut(BindingLookup.Found found) {
        BindingState binding = found.binding();
        RolloutProgress rollout = found.rollout();
        boolean scheduledSinceTrigger = binding.lastScheduledTime() != null && !binding.rescheduleRequired();
        return scheduledSinceTrigger && rollout != null
                && MakeBeforeBreakPlanner.nextStep(binding.clusters(), rollout).complete();
    }
}
