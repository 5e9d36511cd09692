package io.meridian.command.rebalancer.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.karmada.rebalancer.WorkloadRebalancerStatus;
import java.time.Instant;
import java.util.List;

/**
 * One reconcile decision of the kernel's RebalancerReconciler. {@code inputs}: spec, metadata and the answers of
 * every target as the kernel saw them. Output: {@code status} (written to the CR when {@code writeStatus}), the
 * {@code requests} to send, and {@code next}: what happens after. {@code object} names the CR the status is written to.
 */
public record RebalancerReconciled(String id, RebalancerObject object, String decisionId, String kernelVersion, String trigger, JsonNode inputs,
                                   WorkloadRebalancerStatus status, boolean writeStatus,
                                   List<RescheduleRequest> requests, Next next, String reason, Instant at) {
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
