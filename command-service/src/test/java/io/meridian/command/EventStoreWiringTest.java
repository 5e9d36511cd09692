package io.meridian.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.command.federation.api.BindingScheduled;
import io.meridian.command.infra.EventCacheUnlinker;
import io.meridian.command.infra.ProcessorWakeups;
import io.meridian.command.infra.UnitOfWorkTimeLimit;
import io.meridian.command.rebalancer.api.RebalancerReconciled;
import io.meridian.command.ws.api.PodsAdmitted;
import io.meridian.command.probe.ProbeAggregate;
import io.meridian.embedded.KafkaBroker;
import io.meridian.embedded.TestInfrastructure;
import io.meridian.embedded.PostgresServer;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.AbstractEventBus;
import org.axonframework.eventhandling.TrackingEventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.timeout.UnitOfWorkTimeoutInterceptor;
import org.axonframework.springboot.TimeoutProperties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EventStoreWiringTest {
    static final PostgresServer POSTGRES = TestInfrastructure.postgres();
    static final KafkaBroker KAFKA = TestInfrastructure.kafka();

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> POSTGRES.createDatabase("commands"));
        registry.add("spring.datasource.username", POSTGRES::username);
        registry.add("spring.datasource.password", POSTGRES::password);
        registry.add("meridian.kafka-bootstrap-servers", KAFKA::bootstrapServers);
    }

    @AfterAll
    static void stop() {
        POSTGRES.close();
        KAFKA.close();
    }

    /** Axon's wrapper that times one handler (package-private in Axon, so named here). */
    private static final String HANDLER_TIMER = "org.axonframework.messaging.timeout.TimeoutWrappedMessageHandlingMember";

    @Autowired
    CommandGateway commands;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    EventStore eventStore;
    @Autowired
    TimeoutProperties timeouts;
    @Autowired
    EventProcessingConfiguration processing;
    @Autowired
    ProcessorWakeups wakeups;

    @Test
    void aCommandIsStoredAsAnEventInPostgres() {
        commands.sendAndWait(new ProbeAggregate.OpenProbe("probe-1"));

        Integer stored = jdbc.queryForObject(
                "select count(*) from domainevententry where aggregateidentifier = 'probe-1'", Integer.class);
        assertThat(stored).isEqualTo(1);
    }

    @Test
    void eventsAreSerialisedAsJsonWithJackson() {
        commands.sendAndWait(new ProbeAggregate.OpenProbe("probe-2"));

        byte[] payload = jdbc.queryForObject(
                "select payload from domainevententry where aggregateidentifier = 'probe-2'", byte[].class);
        assertThat(new String(payload, java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("{\"id\":\"probe-2\"}");
    }

    @Test
    void theEventStoreKeepsAThousandEventsInMemoryForItsTrackingProcessorsNotAxonsTenThousand() throws Exception {
        assertThat(cachedEvents(eventStore)).isEqualTo(1000);
    }

    @Test
    void aCommandsUnitOfWorkIsHeldToItsLimitByTheWatchdogNotByAxonsTimers() {
        commands.sendAndWait(new ProbeAggregate.OpenProbe("probe-3"));

        List<String> callers = commands.sendAndWait(new ProbeAggregate.ShowCallers("probe-3"));

        assertThat(callers).contains(UnitOfWorkTimeLimit.class.getName())
                .doesNotContain(UnitOfWorkTimeoutInterceptor.class.getName(), HANDLER_TIMER);
    }

    @Test
    void everyEventProcessorsUnitOfWorkIsHeldToItsLimitByTheWatchdog() {
        assertThat(processing.eventProcessors()).isNotEmpty();
        processing.eventProcessors().keySet().forEach(processor ->
                assertThat(processing.interceptorsFor(processor)).as(processor)
                        .hasAtLeastOneElementOfType(UnitOfWorkTimeLimit.class));
    }

    @Test
    void aCommandsUnitOfWorkIsInterruptedAfterThirtySecondsAsItsHandlerWasBeforeNotAxonsSixty() {
        assertThat(timeouts.getTransaction().getCommandBus().getTimeoutMs()).isEqualTo(30_000);
        assertThat(timeouts.getTransaction().getCommandBus().getWarningThresholdMs()).isEqualTo(10_000);
    }

    @Test
    void everyTrackingProcessorReadsTheStoreQuietUntilACommitItHandles() {
        List<TrackingEventProcessor> tracking = processing.eventProcessors().values().stream()
                .filter(TrackingEventProcessor.class::isInstance).map(TrackingEventProcessor.class::cast).toList();

        assertThat(tracking).extracting(TrackingEventProcessor::getName).containsExactlyInAnyOrder(
                "outbound", "federation-outbound", "rebalancer-dispatch", "rebalancer-outbound");
        tracking.forEach(processor -> assertThat(processor.getMessageSource()).as(processor.getName())
                .isInstanceOf(ProcessorWakeups.QuietSource.class));
    }

    @Test
    void aCommitWakesOnlyTheProcessorsWithAHandlerForItsEvents() {
        assertThat(wakeups.processorsWokenBy(PodsAdmitted.class)).containsExactly("outbound");
        assertThat(wakeups.processorsWokenBy(BindingScheduled.class)).containsExactly("federation-outbound");
        assertThat(wakeups.processorsWokenBy(RebalancerReconciled.class))
                .containsExactly("rebalancer-dispatch", "rebalancer-outbound");
        assertThat(wakeups.processorsWokenBy(ProbeAggregate.ProbeOpened.class)).isEmpty();
    }

    @Test
    void theEventStoreTellsTheWakeupsOfEveryEventItPublishes() throws ReflectiveOperationException {
        assertThat(dispatchInterceptors()).contains(wakeups);
    }

    @Test
    void theEventStoreUnlinksWhatItsCacheDrops() throws ReflectiveOperationException {
        assertThat(dispatchInterceptors()).hasAtLeastOneElementOfType(EventCacheUnlinker.class);
    }

    /** Axon offers no getter for the event store's dispatch interceptors. */
    @SuppressWarnings("unchecked")
    private java.util.Collection<Object> dispatchInterceptors() throws ReflectiveOperationException {
        java.lang.reflect.Field interceptors = AbstractEventBus.class.getDeclaredField("dispatchInterceptors");
        interceptors.setAccessible(true);
        return (java.util.Collection<Object>) interceptors.get(eventStore);
    }

    /** Axon keeps the size in its producer and offers no getter for it. */
    private static int cachedEvents(EventStore store) throws ReflectiveOperationException {
        java.lang.reflect.Field producerField = store.getClass().getDeclaredField("producer");
        producerField.setAccessible(true);
        Object producer = producerField.get(store);
        java.lang.reflect.Field size = producer.getClass().getDeclaredField("cachedEvents");
        size.setAccessible(true);
        return size.getInt(producer);
    }
}
