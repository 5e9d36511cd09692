package io.meridian.command.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.axonframework.commandhandling.CommandResultMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.messaging.GenericMessage;
import org.junit.jupiter.api.Test;

class UnitOfWorkTimeLimitTest {
    private static final UnitOfWorkWatchdog.Limit LIMIT = new UnitOfWorkWatchdog.Limit(
            Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(1));

    private final UnitOfWorkWatchdog watchdog = UnitOfWorkWatchdog.manual(System::nanoTime);
    private final SimpleCommandBus commands = SimpleCommandBus.builder().build();
    private final List<Integer> runningSeen = new ArrayList<>();

    UnitOfWorkTimeLimitTest() {
        commands.registerHandlerInterceptor(new UnitOfWorkTimeLimit(watchdog, "SimpleCommandBus", LIMIT));
        commands.subscribe("succeed", message -> {
            runningSeen.add(watchdog.running());
            return "done";
        });
        commands.subscribe("fail", message -> {
            runningSeen.add(watchdog.running());
            throw new IllegalStateException("refused");
        });
        commands.subscribe("nest", message -> {
            runningSeen.add(watchdog.running());
            send("inner");
            return "done";
        });
        commands.subscribe("inner", message -> {
            runningSeen.add(watchdog.running());
            return "inner done";
        });
    }

    private CommandResultMessage<?> send(String name) {
        AtomicReference<CommandResultMessage<?>> answer = new AtomicReference<>();
        commands.dispatch(new GenericCommandMessage<>(new GenericMessage<>(name), name),
                (command, result) -> answer.set(result));
        return answer.get();
    }

    @Test
    void aUnitOfWorkIsWatchedWhileItsHandlerRunsAndNoLongerOnceItCommits() {
        CommandResultMessage<?> result = send("succeed");

        assertThat(result.isExceptional()).isFalse();
        assertThat(runningSeen).containsExactly(1);
        assertThat(watchdog.running()).isZero();
    }

    @Test
    void aUnitOfWorkThatRollsBackIsNoLongerWatched() {
        CommandResultMessage<?> result = send("fail");

        assertThat(result.isExceptional()).isTrue();
        assertThat(runningSeen).containsExactly(1);
        assertThat(watchdog.running()).isZero();
    }

    @Test
    void aNestedUnitOfWorkRunsUnderItsRootsWatch() {
        send("nest");

        assertThat(runningSeen).containsExactly(1, 1);
        assertThat(watchdog.running()).isZero();
    }
}
