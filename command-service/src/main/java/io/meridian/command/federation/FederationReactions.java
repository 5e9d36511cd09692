package io.meridian.command.federation;

import io.meridian.command.federation.api.BindingFailbackDue;
import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.federation.api.RescheduleBinding;
import io.meridian.command.member.api.MemberCapacityChanged;
import io.meridian.command.member.api.MemberClusterReady;
import io.meridian.command.member.api.MemberClusterRegistered;
import io.meridian.command.member.api.MemberClusterUnreachable;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.stereotype.Component;

/**
 * What bindings do when the fleet changes (subscribing processor {@code federation-reactions}): a member turning
 * Unreachable syncs the bindings that involve it ({@link BindingInputs#mayInvolve}: its replicas are divided again
 * over the others, its failback timers stop), not the whole fleet; a member turning Ready again, or the host
 * registering, syncs every binding (a new place for any of them, and the failback timers);
 * new free capacity syncs the bindings whose last schedule failed. A due failback becomes a
 * {@link RescheduleBinding} with requestedBy {@value #FAILBACK}.
 */
@Component
@ProcessingGroup("federation-reactions")
public class FederationReactions {
    public static final String FAILBACK = "failback";
    private final FleetView fleet;
    private final FederationListener listener;
    private final BindingSyncQueue syncs;
    private final BindingInputs inputs;
    private final Clock clock;
    private final Set<String> unschedulable = ConcurrentHashMap.newKeySet();

    public FederationReactions(FleetView fleet, FederationListener listener, BindingSyncQueue syncs, BindingInputs inputs,
                               Clock clock) {
        this.fleet = fleet;
        this.inputs = inputs;
        this.listener = listener;
        this.syncs = syncs;
        this.clock = clock;
    }

    @EventHandler
    void on(MemberClusterRegistered event) {
        if (fleet.fold(event)) {
            listener.syncEverything("host " + event.cluster() + " registered");
        }
    }

    @EventHandler
    void on(MemberClusterReady event) {
        if (fleet.fold(event)) {
            listener.syncEverything("cluster " + event.cluster() + " Ready");
        }
    }

    @EventHandler
    void on(MemberClusterUnreachable event) {
        if (fleet.fold(event)) {
            syncs.requestWhere("cluster " + event.cluster() + " Unreachable",
                    bindingId -> inputs.mayInvolve(bindingId, event.cluster()));
        }
    }

    @EventHandler
    void on(MemberCapacityChanged event) {
        fleet.fold(event);
        unschedulable.forEach(id -> syncs.request(id, "free capacity of " + event.cluster() + " changed"));
    }

    @EventHandler
    void on(BindingScheduled event) {
        if (event.mode() != null && event.failure() != null) {
            unschedulable.add(event.bindingId());
        } else if (event.mode() != null) {
            unschedulable.remove(event.bindingId());
        }
    }

    @EventHandler
    void on(BindingFailbackDue event) {
        syncs.dispatch(event.bindingId(), new RescheduleBinding(event.bindingId(), FAILBACK, false, clock.instant()));
    }
}
