package io.meridian.command.rebalancer.feed;

import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.axonframework.messaging.StreamableMessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The rebalancer's two tracking processors (tokens in the JDBC token store). Both start at the head of the event
 * stream when they have no token yet: a processor added to a running system must not re-send old requests.
 */
@Configuration(proxyBeanMethods = false)
public class RebalancerProcessing {

    @Bean
    public ConfigurerModule rebalancerProcessors() {
        return configurer -> configurer.eventProcessing(processing -> {
            for (String group : new String[] {RescheduleDispatcher.GROUP, RebalancerPublisher.GROUP}) {
                processing.registerTrackingEventProcessor(group, c -> c.eventStore(),
                        c -> TrackingEventProcessorConfiguration.forSingleThreadedProcessing()
                                .andInitialTrackingToken(StreamableMessageSource::createHeadToken));
            }
        });
    }
}
