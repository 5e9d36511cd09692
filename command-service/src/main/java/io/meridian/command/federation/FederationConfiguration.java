package io.meridian.command.federation;

import io.meridian.command.cluster.ClusterState;
import io.meridian.command.infra.BoundedAggregateCache;
import java.time.Clock;
import org.axonframework.common.caching.Cache;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The pieces that feed the binding aggregates. */
@Configuration(proxyBeanMethods = false)
public class FederationConfiguration {

    @Bean
    public FleetView fleetView() {
        return new FleetView();
    }

    @Bean
    public ClusterBindingInputs bindingInputs(ClusterState state, FleetView fleet) {
        return new ClusterBindingInputs(state, fleet, new FleetSnapshots());
    }

    /**
     * Several workers: a failover syncs every binding at once. The syncs waiting on a worker are stored together, up
     * to {@code sync-batch} in one transaction (1 turns it off): at 1,000 failovers the last decision is then stored
     * after about 2 s instead of 5-7 s (docs/benchmarks.md, session 8). Session 5 had it off because members flapped
     * while 1,000 templates were placed; the member leases of session 6 removed that (heartbeats no longer write to
     * PostgreSQL).
     */
    @Bean(destroyMethod = "close")
    public BindingSyncQueue bindingSyncQueue(CommandGateway commands, Clock clock,
                                             @Value("${meridian.federation.sync-workers:8}") int workers,
                                             @Value("${meridian.federation.sync-batch:64}") int batch) {
        return new BindingSyncQueue(new BindingCommands(commands), clock, workers, batch);
    }

    /** Loaded bindings stay in memory, so a sync does not replay the binding's whole stream (see AxonComponentsConfiguration). */
    @Bean
    public Cache bindingCache() {
        return new BoundedAggregateCache(20_000);
    }

    @Bean
    public FederationListener federationListener(ClusterState state, FleetView fleet, ClusterBindingInputs inputs,
                                                 BindingSyncQueue syncs, EventStore events) {
        return new FederationListener(state, fleet, inputs, syncs, events);
    }
}
