package io.meridian.core.karmada.rebalancer;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The WorkloadRebalancer reconcile (§2.2 to §2.5) as one pure function: the rebalancer, what GET and UPDATE of
 * its bindings return, and the time in; binding updates, the status to write and what comes next out.
 */
public final class RebalancerReconciler {
    static final String FINISH_TIME_NIL = "finish time should not be nil";

    private RebalancerReconciler() {
    }

    public static ReconcileDecision reconcile(WorkloadRebalancer rebalancer, ReconcileContext context, Instant now) {
        if (rebalancer.metadata() == null || rebalancer.metadata().creationTimestamp() == null) {
            throw new IllegalArgumentException("a stored WorkloadRebalancer has a creationTimestamp");
        }
        WorkloadRebalancerStatus old = rebalancer.status();
        List<ObservedWorkload> merged = StatusMerge.merge(old.observedWorkloads(),
                WorkloadSelection.union(rebalancer.spec(), context.templates()));

        EntryTrigger trigger = new EntryTrigger(rebalancer, context);
        List<ObservedWorkload> observed = new ArrayList<>();
        List<BindingUpdate> updates = new ArrayList<>();
        int retries = 0;
        int rolling = 0;
        for (ObservedWorkload entry : merged) {
            EntryOutcome outcome = trigger.apply(entry);
            observed.add(outcome.entry());
            outcome.update().ifPresent(updates::add);
            retries += outcome.progress() == EntryOutcome.Progress.Retry ? 1 : 0;
            rolling += outcome.progress() == EntryOutcome.Progress.Rolling ? 1 : 0;
        }

        WorkloadRebalancerStatus status = new WorkloadRebalancerStatus(observed,
                rebalancer.metadata().generation(), old.finishTime());
        boolean write = !status.equals(old);
        if (write && retries == 0 && rolling == 0) {
            status = status.withFinishTime(now);
        }
        return new ReconcileDecision(updates, status, write, next(rebalancer, status, retries, rolling, context, now));
    }

    private static NextStep next(WorkloadRebalancer rebalancer, WorkloadRebalancerStatus status, int retries,
                                 int rolling, ReconcileContext context, Instant now) {
        if (retries > 0) {
            return NextStep.requeueWithBackoff(retries + " workload(s) to retry");
        }
        if (rolling > 0) {
            return NextStep.requeueAfter(context.progressPoll());
        }
        return ttlCleanup(rebalancer, status.finishTime(), now);
    }

    /** §2.5, only when {@code ttlSecondsAfterFinished} is set. */
    static NextStep ttlCleanup(WorkloadRebalancer rebalancer, Instant finishTime, Instant now) {
        Integer ttl = rebalancer.spec().ttlSecondsAfterFinished();
        if (ttl == null) {
            return NextStep.done();
        }
        if (finishTime == null) {
            return NextStep.requeueWithBackoff(FINISH_TIME_NIL);
        }
        Duration remaining = Duration.between(now, finishTime.plusSeconds(ttl));
        return remaining.isNegative() || remaining.isZero()
                ? NextStep.delete(rebalancer.metadata().resourceVersion())
                : NextStep.requeueAfter(remaining);
    }

    /** The status after a write: the status subresource is replaced as a whole, never merged entry by entry. */
    public static WorkloadRebalancerStatus statusAfterWrite(WorkloadRebalancerStatus stored,
                                                           WorkloadRebalancerStatus written) {
        return Optional.ofNullable(written).orElse(stored);
    }
}
