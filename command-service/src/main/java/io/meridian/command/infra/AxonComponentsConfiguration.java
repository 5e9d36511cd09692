package io.meridian.command.infra;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.command.ws.KernelJson;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.ConfigurationScopeAwareProvider;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.SimpleDeadlineManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Axon pieces we choose ourselves: the Jackson 2 mapper of the serializer (java.time as ISO text),
 * the deadline manager and the aggregate cache.
 *
 * <p>Deadlines: no persistent deadline manager is available without new infrastructure (JobRunr,
 * db-scheduler and Quartz-with-JDBC all need their own tables or libraries), so this is Axon's
 * {@link SimpleDeadlineManager}, in memory. Deadlines lost with a restart are re-armed from state:
 * after the cluster events are caught up on start, every known spread is synced, and a sync schedules
 * the kernel's requeue (which covers open reservations and adaptive timers); member clusters re-arm
 * theirs on their next heartbeat.
 */
@Configuration(proxyBeanMethods = false)
public class AxonComponentsConfiguration {

    @Bean("defaultAxonObjectMapper")
    public ObjectMapper defaultAxonObjectMapper() {
        return KernelJson.JSON.copy();
    }

    @Bean
    public DeadlineManager deadlineManager(org.axonframework.config.Configuration configuration,
                                           TransactionManager transactionManager) {
        return SimpleDeadlineManager.builder()
                .scopeAwareProvider(new ConfigurationScopeAwareProvider(configuration))
                .transactionManager(transactionManager)
                .build();
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
}
