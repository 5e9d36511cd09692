package io.meridian.command.infra;

import io.meridian.command.rebalancer.feed.RebalancerPublisher;
import java.util.List;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The processors that publish events to Kafka retry an event whose records could not be published: Axon's default
 * logs a handler's failure and moves on, which would lose the mutations and domain events of that event. With the
 * failure propagated, the tracking processor releases its token and handles the event again after a growing pause
 * (a record is published at least once; consumers treat a repeat as a no-op).
 */
@Configuration(proxyBeanMethods = false)
public class PublisherProcessing {
    public static final List<String> PUBLISHERS = List.of("outbound", "federation-outbound", RebalancerPublisher.GROUP);

    @Bean
    public ConfigurerModule publishersRetryWhatTheyCouldNotPublish() {
        return configurer -> configurer.eventProcessing(processing -> PUBLISHERS.forEach(group ->
                processing.registerListenerInvocationErrorHandler(group, c -> PropagatingErrorHandler.instance())));
    }
}
