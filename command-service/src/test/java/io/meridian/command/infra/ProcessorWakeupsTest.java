package io.meridian.command.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Predicate;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.messaging.StreamableMessageSource;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.junit.jupiter.api.Test;

class ProcessorWakeupsTest {
    @SuppressWarnings("unchecked")
    private final StreamableMessageSource<TrackedEventMessage<?>> store = token -> {
        throw new UnsupportedOperationException();
    };
    private final ProcessorWakeups wakeups = new ProcessorWakeups();

    ProcessorWakeupsTest() {
        wakeups.source("strings", store);
        wakeups.source("numbers", store);
    }

    @Test
    void aCommitWakesTheProcessorsThatHandleItsEventsAndNoOther() {
        knowHandlers();
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);

        publish("spread-admitted");
        assertThat(generation("strings")).isZero();
        unitOfWork.commit();

        assertThat(generation("strings")).isEqualTo(1);
        assertThat(generation("numbers")).isZero();
    }

    @Test
    void aUnitOfWorkThatPublishesTwiceWakesEachProcessorOnce() {
        knowHandlers();
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);

        publish("spread-admitted");
        publish("spread-admitted", 7);
        unitOfWork.commit();

        assertThat(generation("strings")).isEqualTo(1);
        assertThat(generation("numbers")).isEqualTo(1);
    }

    @Test
    void aUnitOfWorkRolledBackWakesNobody() {
        knowHandlers();
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);

        publish("spread-admitted", 7);
        unitOfWork.rollback();

        assertThat(generation("strings")).isZero();
        assertThat(generation("numbers")).isZero();
    }

    @Test
    void aNestedUnitOfWorkWakesWhenItsRootCommits() {
        knowHandlers();
        UnitOfWork<?> root = DefaultUnitOfWork.startAndGet(null);
        UnitOfWork<?> nested = DefaultUnitOfWork.startAndGet(null);

        publish(7);
        nested.commit();
        assertThat(generation("numbers")).isZero();
        root.commit();

        assertThat(generation("numbers")).isEqualTo(1);
    }

    @Test
    void withoutAUnitOfWorkItWakesAtOnce() {
        knowHandlers();

        publish(7);

        assertThat(generation("numbers")).isEqualTo(1);
        assertThat(generation("strings")).isZero();
    }

    @Test
    void untilTheHandlersAreKnownEveryCommitWakesEveryProcessor() {
        publish(7);

        assertThat(wakeups.processorsWokenBy(Integer.class)).containsExactly("numbers", "strings");
        assertThat(generation("strings")).isEqualTo(1);
    }

    @Test
    void aProcessorNotBuiltYetIsWokenByEveryCommit() {
        wakeups.handlersFrom(name -> name.equals("numbers") ? Number.class::isAssignableFrom : null);

        assertThat(wakeups.processorsWokenBy(String.class)).containsExactly("strings");
        assertThat(wakeups.processorsWokenBy(Long.class)).containsExactly("numbers", "strings");
    }

    private void knowHandlers() {
        wakeups.handlersFrom(name -> name.equals("strings") ? handles(String.class) : handles(Number.class));
    }

    private static Predicate<Class<?>> handles(Class<?> type) {
        return type::isAssignableFrom;
    }

    private void publish(Object... payloads) {
        wakeups.handle(List.of(payloads).stream().map(GenericEventMessage::asEventMessage).toList());
    }

    private long generation(String processor) {
        return wakeups.wakeup(processor).generation();
    }
}
