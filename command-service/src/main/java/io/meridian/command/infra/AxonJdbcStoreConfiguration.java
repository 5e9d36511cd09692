package io.meridian.command.infra;

import javax.sql.DataSource;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.EventBusSpanFactory;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jpa.SQLStateResolver;
import org.axonframework.serialization.Serializer;
import org.axonframework.spring.jdbc.SpringDataSourceConnectionProvider;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Axon's JDBC event and token store on our PostgreSQL. Declared here because Axon's own JDBC
 * auto-configuration is ordered for Spring Boot 3 and is skipped under Spring Boot 4 (it is
 * evaluated before the DataSource exists). The tables come from Flyway (V1).
 */
@Configuration(proxyBeanMethods = false)
public class AxonJdbcStoreConfiguration {

    @Bean
    public ConnectionProvider axonConnectionProvider(DataSource dataSource) {
        return new SpringDataSourceConnectionProvider(dataSource);
    }

    @Bean
    public TransactionManager axonTransactionManager(PlatformTransactionManager transactionManager) {
        return new SpringTransactionManager(transactionManager);
    }

    /**
     * PostgreSQL reports the duplicate (aggregateidentifier, sequencenumber) of a concurrent append as
     * SQLState 23505; recognising it makes Axon raise a ConcurrencyException, which the admission
     * batcher retries on fresh state. (JdbcSQLErrorCodesResolver does not recognise PostgreSQL's code.)
     */
    @Bean
    public PersistenceExceptionResolver axonPersistenceExceptionResolver() {
        return new SQLStateResolver("23505");
    }

    @Bean
    public EventStorageEngine eventStorageEngine(ConnectionProvider connections, TransactionManager transactions,
                                                 PersistenceExceptionResolver exceptions,
                                                 @Qualifier("eventSerializer") Serializer eventSerializer,
                                                 Serializer serializer) {
        return JdbcEventStorageEngine.builder()
                .connectionProvider(connections)
                .transactionManager(transactions)
                .persistenceExceptionResolver(exceptions)
                .eventSerializer(eventSerializer)
                .snapshotSerializer(serializer)
                .build();
    }

    /**
     * Axon's embedded event store, as its auto-configuration would make it, but keeping fewer events in memory for
     * the tracking processors that tail it. Axon keeps the last 10,000 by default, each as deserialized as its
     * handlers made it: with {@code PodsAdmitted} events of about 20 pods each, deserialized by the outbound as it
     * then was, that reached about 2 GB of heap and young pauses of 70–240 ms under admission load
     * (docs/benchmarks.md, session 17). A processor further behind than the cache reads from the store instead. The
     * events it drops are unlinked ({@link EventCacheUnlinker}), so none keeps the later ones alive.
     */
    @Bean(name = "eventBus")
    @Qualifier("eventStore")
    public EmbeddedEventStore eventStore(EventStorageEngine storageEngine, org.axonframework.config.Configuration axon,
                                         @Value("${meridian.event-store.cached-events:1000}") int cachedEvents) {
        if (cachedEvents < 1) {
            throw new IllegalArgumentException("meridian.event-store.cached-events must be >= 1, was " + cachedEvents);
        }
        EmbeddedEventStore store = EmbeddedEventStore.builder()
                .storageEngine(storageEngine)
                .messageMonitor(axon.messageMonitor(EventStore.class, "eventStore"))
                .spanFactory(axon.getComponent(EventBusSpanFactory.class))
                .cachedEvents(cachedEvents)
                .build();
        store.registerDispatchInterceptor(new EventCacheUnlinker(store));
        return store;
    }

    @Bean
    public TokenStore tokenStore(ConnectionProvider connections, Serializer serializer) {
        return JdbcTokenStore.builder().connectionProvider(connections).serializer(serializer).build();
    }
}
