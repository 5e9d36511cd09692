package io.meridian.command.admission;

import io.meridian.command.cluster.ClusterEventConsumer;
import io.meridian.command.cluster.ClusterState;
import io.meridian.command.kafka.MeridianProperties;
import java.time.Clock;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class AdmissionConfiguration {
    @Bean
    public AdmissionBatcher admissionBatcher(CommandGateway commands, Clock clock, MeridianProperties properties,
                                             ClusterEventConsumer clusterEvents, ClusterState state) {
        return new AdmissionBatcher(commands, clock, properties.admissionBatchMax(), 16,
                () -> clusterEvents.awaitApplied(properties.catchUpWait()), state::ownerChain);
    }
}
