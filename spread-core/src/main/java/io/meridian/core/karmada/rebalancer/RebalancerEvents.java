package io.meridian.core.karmada.rebalancer;

/**
 * §2.1: which watch events start a reconcile. Besides these, a reconcile runs again after a TTL requeue or an
 * error backoff; a reconcile for an object that no longer exists is a no-op, so the caller skips it.
 */
public final class RebalancerEvents {
    /** Kinds of watch event. */
    public enum EventType { Create, Update, Delete, Generic }

    private RebalancerEvents() {
    }

    /**
     * Create always enqueues; Update only when the spec changed (status- or metadata-only updates are ignored);
     * Delete and Generic never do.
     *
     * @param oldSpec the spec before an Update (ignored for other events)
     * @param newSpec the spec after an Update (ignored for other events)
     */
    public static boolean enqueues(EventType type, WorkloadRebalancerSpec oldSpec, WorkloadRebalancerSpec newSpec) {
        return switch (type) {
            case Create -> true;
            case Update -> !java.util.Objects.equals(oldSpec, newSpec);
            case Delete, Generic -> false;
        };
    }
}
