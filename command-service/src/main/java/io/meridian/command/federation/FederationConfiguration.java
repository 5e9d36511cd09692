package io.meridian.command.federation;

import io.meridian.command.cluster.ClusterState;
import java.time.Clock;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventsourcing.eventstore.EventStore;
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

    @Bean(destroyMethod = "close")
    public BindingSyncQueue bindingSyncQueue(CommandGateway commands, Clock clock) {
        return new BindingSyncQueue(commands::sendAndWait, clock);
    }

    @Bean
    public FederationListener federationListener(ClusterState state, FleetView fleet, ClusterBindingInputs inputs,
                                                 BindingSyncQueue syncs, EventStore events) {
        return new FederationListener(state, fleet, inputs, syncs, events);
    }
}
