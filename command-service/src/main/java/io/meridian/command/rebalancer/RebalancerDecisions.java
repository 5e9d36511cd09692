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
import io.meridian.core.karmada.rebalancer.ResourceTemplate;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancer;
import io.meridian.core.karmada.rebalancer.WorkloadResult;
import java.time.Instant;
import java.util.List;

/** How a kernel decision becomes the aggregate's next step, its recorded inputs and its one-line reason. */
final class RebalancerDecisions {
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

    /** What the kernel read: the rebalancer (metadata, spec, status before), the host's templates, every answer. */
    static JsonNode inputs(WorkloadRebalancer rebalancer, TargetAnswers answers, List<ResourceTemplate> templates) {
        ObjectNode inputs = KernelJson.JSON.createObjectNode();
        inputs.set("rebalancer", KernelJson.JSON.valueToTree(rebalancer));
        if (rebalancer.spec().workloadSelector() != null) {
            inputs.set("templates", KernelJson.JSON.valueToTree(templates));
        }
        inputs.set("answers", KernelJson.JSON.valueToTree(answers.asMap()));
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
