package io.meridian.command.ud.feed;

import io.meridian.command.infra.BoundedAggregateCache;
import org.axonframework.common.caching.Cache;
import org.axonframework.config.ConfigurerModule;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The UnitedDeployment aggregate's cache and its trigger processor (subscribing: it reacts on this instance). */
@Configuration(proxyBeanMethods = false)
public class UdFeedConfiguration {
    static final String TRIGGERS = "ud-triggers";

    @Bean
    public Cache unitedDeploymentCache() {
        return new BoundedAggregateCache(10_000);
    }

    @Bean
    public ConfigurerModule unitedDeploymentTriggersSubscribing() {
        return configurer -> configurer.eventProcessing(processing -> processing.registerSubscribingEventProcessor(TRIGGERS));
    }
}
