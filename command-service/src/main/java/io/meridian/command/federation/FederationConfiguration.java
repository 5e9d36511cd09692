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
        return new ClusterBindingInputs(state, fleet);
    }

    /**
     * Several workers: a failover syncs every binding at once, and each sync mostly waits for PostgreSQL. With
     * {@code sync-batch} above 1 the syncs waiting on a worker are stored together, that many in one transaction; off by
     * default: at 1,000 templates on a loaded machine it made members flap while templates were placed (see
     * docs/benchmarks.md, session 5).
     */
    @Bean(destroyMethod = "close")
    public BindingSyncQueue bindingSyncQueue(CommandGateway commands, Clock clock,
                                             @Value("${meridian.federation.sync-workers:8}") int workers,
                                             @Value("${meridian.federation.sync-batch:1}") int batch) {
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
