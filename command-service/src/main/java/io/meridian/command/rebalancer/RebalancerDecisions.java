package io.meridian.command.rebalancer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.command.rebalancer.api.RebalancerReconciled.Next;
import io.meridian.command.rebalancer.api.RescheduleOutcome.Kind;
import io.meridian.command.rebalancer.api.RescheduleRequest;
import io.meridian.command.ws.KernelJson;
import io.meridian.core.karmada.rebalancer.NextStep;
import io.meridian.core.karmada.rebalancer.ObservedWorkload;
import io.meridian.core.karmada.rebalancer.ReconcileBackoff;
import io.meridian.core.karmada.rebalancer.ReconcileDecision;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import io.meridian.core.karmada.rebalancer.WorkloadResult;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** How a kernel decision becomes the aggregate's next step, its recorded inputs and its one-line reason. */
final class RebalancerDecisions {
    private static final Set<String> ABOUT_THE_SPEC = Set.of("created", "spec changed", "resumed");

    private RebalancerDecisions() {
    }

    /**
     * Delete when the kernel says so; retry (with the kernel's backoff) while a target answered an error; wait while
     * an answer is missing; delete at the TTL when the kernel requeues a finished rebalancer; else done.
     */
    static Next next(ReconcileDecision decision, TargetAnswers answers, String hostCluster, Instant now,
                     int retryStreak) {
        if (decision.deletes()) {
            return Next.of(Next.Kind.DeleteNow);
        }
        List<ObservedWorkload> pending = decision.status().observedWorkloads().stream()
                .filter(entry -> entry.is(WorkloadResult.Pending)).toList();
        boolean errors = pending.stream()
                .anyMatch(e -> answers.has(RebalancerTargets.targetId(e.workload(), hostCluster), Kind.Error));
        if (errors) {
            return new Next(Next.Kind.Retry, now.plus(ReconcileBackoff.delay(retryStreak + 1)));
        }
        if (!pending.isEmpty()) {
            return Next.of(Next.Kind.Waiting);
        }
        if (decision.next() instanceof NextStep.RequeueAfter requeue) {
            return new Next(Next.Kind.DeleteAt, now.plus(requeue.delay()));
        }
        return Next.of(Next.Kind.Done);
    }

    /**
     * What the kernel read, by reference: the rebalancer's own events up to {@code eventSequence} (its spec and the
     * host's templates as registered or last changed, the status before, every answer recorded). Metadata and spec are
     * repeated when the decision is about them (creation, a spec change, a resume); a decision about answers among
     * thousands of workloads does not repeat what the events before it hold.
     */
    static JsonNode inputs(WorkloadRebalancer rebalancer, TargetAnswers answers, String trigger, Long eventSequence) {
        ObjectNode inputs = KernelJson.JSON.createObjectNode();
        inputs.put("eventSequence", eventSequence == null ? -1 : eventSequence);
        inputs.put("generation", rebalancer.metadata().generation());
        inputs.put("answersRecorded", answers.size());
        if (ABOUT_THE_SPEC.contains(trigger)) {
            ObjectNode cr = inputs.putObject("rebalancer");
            cr.set("metadata", KernelJson.JSON.valueToTree(rebalancer.metadata()));
            cr.set("spec", KernelJson.JSON.valueToTree(rebalancer.spec()));
        }
        return inputs;
    }

    /** e.g. {@code 3 workload(s): 1 Successful, 1 Failed, 1 pending; asked 1; next Waiting}. */
    static String reason(ReconcileDecision decision, List<RescheduleRequest> requests, Next next) {
        List<ObservedWorkload> entries = decision.status().observedWorkloads();
        return entries.size() + " workload(s): " + count(entries, WorkloadResult.Successful) + " Successful, "
                + count(entries, WorkloadResult.Failed) + " Failed, " + count(entries, WorkloadResult.Pending)
                + " pending; asked " + requests.size() + "; "
                + (decision.writeStatus() ? "status written; " : "") + "next " + next.kind()
                + (next.at() == null ? "" : " at " + next.at());
    }

    private static long count(List<ObservedWorkload> entries, WorkloadResult result) {
        return entries.stream().filter(e -> e.is(result)).count();
    }
}
