package io.meridian.command.cluster;

import java.time.Instant;

/**
 * A feature that turns cluster changes into commands (UnitedDeployments, bindings, rebalancers...).
 * Spring beans of this type are called by the cluster-events consumer thread, in topic order:
 * {@link #onCaughtUp} once the state is rebuilt at start (send the commands that bring every known
 * object up to date: they must be idempotent), then {@link #onChange} for each change as it comes.
 * A listener that throws is logged; the others still run.
 */
public interface ClusterChangeListener {

    default void onCaughtUp(ClusterState state, Instant at) {
    }

    default void onChange(ClusterChange change) {
    }
}
