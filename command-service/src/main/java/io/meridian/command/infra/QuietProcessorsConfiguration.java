package io.meridian.command.infra;

import java.util.function.Function;
import java.util.function.Predicate;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.AbstractEventProcessor;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.lifecycle.Phase;
import org.axonframework.messaging.StreamableMessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The tracking processors read the event store through {@link ProcessorWakeups}: at the tail each waits for a commit
 * it has a handler for. Without it, every commit woke all seven processor threads (the four segments of
 * {@code federation-outbound}, {@code outbound} and the rebalancer's two) only for six of them to ignore what they
 * read: under admission load their threads' voluntary context switches fell from 0.505 to 0.169 per admission
 * (docs/benchmarks.md, Issue 3, session 42); the store's commits and token updates per admission did not change. The processors configured in application.yml name their source here
 * ({@code source:}); the rebalancer's ask {@link ProcessorWakeups#source} themselves.
 */
@Configuration(proxyBeanMethods = false)
public class QuietProcessorsConfiguration {

    @Bean
    public ProcessorWakeups processorWakeups() {
        return new ProcessorWakeups();
    }

    @Bean
    public StreamableMessageSource<TrackedEventMessage<?>> outboundEvents(ProcessorWakeups wakeups,
                                                                         EventStore eventStore) {
        return wakeups.source("outbound", eventStore);
    }

    @Bean
    public StreamableMessageSource<TrackedEventMessage<?>> federationOutboundEvents(ProcessorWakeups wakeups,
                                                                                   EventStore eventStore) {
        return wakeups.source("federation-outbound", eventStore);
    }

    /**
     * The wake-ups follow the store's commits before any command comes in, and learn which payload types each
     * processor's handlers take once the processors run. (A bean taking the event store here would be a cycle: the
     * store is built from the configurer this module amends.)
     */
    @Bean
    public ConfigurerModule processorWakeupsFollowTheStore(ProcessorWakeups wakeups) {
        return configurer -> configurer.onInitialize(configuration -> {
            configuration.onStart(Phase.OUTBOUND_EVENT_CONNECTORS,
                    () -> configuration.eventStore().registerDispatchInterceptor(wakeups));
            configuration.onStart(Phase.INBOUND_EVENT_CONNECTORS + 1,
                    () -> wakeups.handlersFrom(handlersOf(configuration.eventProcessingConfiguration())));
        });
    }

    private static Function<String, Predicate<Class<?>>> handlersOf(EventProcessingConfiguration processing) {
        return name -> processing.eventProcessor(name, AbstractEventProcessor.class)
                .<Predicate<Class<?>>>map(processor -> processor.eventHandlerInvoker()::canHandleType)
                .orElse(null);
    }
}
