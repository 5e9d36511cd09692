package io.meridian.command.rebalancer.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * One reconcile decision of the kernel's RebalancerReconciler. {@code inputs}: a reference to what the kernel read
 * (the rebalancer's events up to {@code inputs.eventSequence}: spec, status before and every answer; the answers that
 * triggered it are the event just before). Output: {@code statusChange} (what changed in the status; with
 * {@code writeStatus} the status changed and is written, now by a {@link RebalancerStatusWritten} or, when
 * {@code statusDueAt} is set, at that time), the {@code requests} to send, and {@code next}: what happens after.
 * {@code object} names the CR.
 */
public record RebalancerReconciled(String id, RebalancerObject object, String decisionId, String kernelVersion,
                                   String trigger, JsonNode inputs, StatusChange statusChange, boolean writeStatus,
                                   Instant statusDueAt, List<RescheduleRequest> requests, Next next, String reason,
                                   Instant at) {
    public RebalancerReconciled {
        requests = List.copyOf(requests);
    }

    /**
     * After the decision: wait for answers, retry errored targets at {@code at}, delete the CR at {@code at} (TTL)
     * or now, or nothing more.
     */
    public record Next(Kind kind, Instant at) {
        public enum Kind { Done, Waiting, Retry, DeleteAt, DeleteNow }

        public static Next of(Kind kind) {
            return new Next(kind, null);
        }
    }

    public boolean deletes() {
        return next.kind() == Next.Kind.DeleteNow;
    }
}
