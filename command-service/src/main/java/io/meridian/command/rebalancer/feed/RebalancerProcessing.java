package io.meridian.command.rebalancer.feed;

import io.meridian.command.infra.BoundedAggregateCache;
import io.meridian.command.infra.ProcessorWakeups;
import io.meridian.command.rebalancer.WorkloadRebalancerAggregate;
import org.axonframework.common.caching.Cache;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.axonframework.messaging.StreamableMessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The rebalancer's two tracking processors (tokens in the JDBC token store). Both start at the head of the event
 * stream when they have no token yet: a processor added to a running system must not re-send old requests; at its tail
 * each waits for a commit it handles ({@link ProcessorWakeups}). Also the
 * rebalancers' aggregate cache: a rebalancer naming thousands of workloads takes answers many times a second, and
 * replaying it from the event store for each would read its whole history every time.
 */
@Configuration(proxyBeanMethods = false)
public class RebalancerProcessing {
    @Bean(WorkloadRebalancerAggregate.CACHE)
    public Cache workloadRebalancerCache() {
        return new BoundedAggregateCache(1_000);
    }

    @Bean
    public ConfigurerModule rebalancerProcessors(ProcessorWakeups wakeups) {
        return configurer -> configurer.eventProcessing(processing -> {
            for (String group : new String[] {RescheduleDispatcher.GROUP, RebalancerPublisher.GROUP}) {
                processing.registerTrackingEventProcessor(group, c -> wakeups.source(group, c.eventStore()),
                        c -> TrackingEventProcessorConfiguration.forSingleThreadedProcessing()
                                .andInitialTrackingToken(StreamableMessageSource::createHeadToken));
            }
        });
    }
}
