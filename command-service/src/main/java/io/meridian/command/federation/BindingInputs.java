package io.meridian.command.federation;

import io.meridian.command.federation.api.BindingScheduled;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a binding's {@link BindingSource} as the control plane knows it now. Injected into the binding's
 * handlers; what was read is recorded in the decision event, so a replay never reads it again.
 */
public interface BindingInputs {

    /** Empty while no cluster has reported the role {@code host}. */
    Optional<BindingSource> read(String bindingId);

    /** A decision read from {@link #read} is applied; it is recorded once its unit of work commits. */
    default void applied(BindingScheduled decision) {
    }

    /**
     * After a command on a binding: whether it now waits for its copies (a reschedule not in place yet, or a
     * make-before-break rollout), the only state in which a change of a copy can lead to a decision.
     */
    default void awaitingCopies(String bindingId, boolean awaiting) {
    }

    /**
     * After a command that leaves a binding waiting for its copies with no rollout step left to take (a reschedule
     * not in place yet): the assignment that ends the wait, every copy at its replicas (and ready, with
     * {@code readyToo}). Until the copies match it, a change of one of them cannot lead to a decision.
     */
    default void awaitedCopies(String bindingId, Map<String, Integer> assignment, boolean readyToo) {
    }

    /**
     * After a command on a binding: the member clusters its state names (assigned, applied, holding a copy, failed over
     * from), the only ones whose loss can move its replicas or its failback timers.
     */
    default void involves(String bindingId, Set<String> clusters) {
    }

    /**
     * Whether losing {@code cluster} can change the binding: true unless a command on it has told, in this process,
     * which clusters it involves and this is not one of them.
     */
    default boolean mayInvolve(String bindingId, String cluster) {
        return true;
    }
}
