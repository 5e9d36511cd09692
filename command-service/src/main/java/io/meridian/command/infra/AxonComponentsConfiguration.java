package io.meridian.command.infra;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.command.member.MemberLeases;
import io.meridian.command.ws.KernelJson;
import org.axonframework.common.caching.Cache;
import org.axonframework.modelling.command.CommandTargetResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Axon pieces we choose ourselves: the Jackson 2 mapper of the serializer (java.time as ISO text) and the
 * aggregate cache. The deadline manager is {@link PersistentDeadlinesConfiguration}'s.
 */
@Configuration(proxyBeanMethods = false)
public class AxonComponentsConfiguration {
    public static final String COMMAND_TARGET_RESOLVER = "cachingCommandTargetResolver";

    /** Member leases, read by the cluster-events consumer and the member aggregate's handlers. */
    @Bean
    public MemberLeases memberLeases() {
        return new MemberLeases();
    }

    /** Named by every aggregate's {@code @Aggregate(commandTargetResolver = ...)}. */
    @Bean(COMMAND_TARGET_RESOLVER)
    public CommandTargetResolver commandTargetResolver() {
        return new CachingCommandTargetResolver();
    }

    @Bean("defaultAxonObjectMapper")
    public ObjectMapper defaultAxonObjectMapper() {
        return KernelJson.JSON.copy();
    }

    /**
     * Keeps loaded spreads in memory so an admission does not replay the whole stream. Safe across
     * instances: a stale copy appends at a taken sequence number, the unique key rejects it, the
     * cache entry is dropped and the command retried.
     */
    @Bean
    public Cache workloadSpreadCache() {
        return new BoundedAggregateCache(10_000);
    }

    /** Every heartbeat is a command to its member cluster: without a cache each one replays the member's stream. */
    @Bean
    public Cache memberClusterCache() {
        return new BoundedAggregateCache(1_000);
    }
}
