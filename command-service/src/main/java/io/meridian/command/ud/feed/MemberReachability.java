package io.meridian.command.ud.feed;

import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterUnreachable;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * The member clusters that are unreachable now, from the MemberCluster events, for the UnitedDeployments whose
 * subsets live there; a change makes those UnitedDeployments reconcile.
 */
@Component
@ProcessingGroup(UdFeedConfiguration.TRIGGERS)
public class MemberReachability {
    private final Set<String> unreachable = ConcurrentHashMap.newKeySet();
    private volatile Consumer<String> onChange = cluster -> { };

    public Set<String> unreachable() {
        return Set.copyOf(unreachable);
    }

    /** Told the cluster whose reachability changed. */
    void onChange(Consumer<String> listener) {
        this.onChange = listener;
    }

    @EventHandler
    void on(MemberClusterUnreachable event) {
        if (unreachable.add(event.cluster())) {
            onChange.accept(event.cluster());
        }
    }

    @EventHandler
    void on(MemberClusterReady event) {
        if (unreachable.remove(event.cluster())) {
            onChange.accept(event.cluster());
        }
    }
}
