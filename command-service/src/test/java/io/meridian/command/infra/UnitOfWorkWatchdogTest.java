package io.meridian.command.infra;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class UnitOfWorkWatchdogTest {
    private static final UnitOfWorkWatchdog.Limit THIRTY_SECONDS_WARNED_AFTER_TEN_EVERY_ONE = new UnitOfWorkWatchdog.Limit(
            Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(1));

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final UnitOfWorkWatchdog watchdog = UnitOfWorkWatchdog.manual(now::get);
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(UnitOfWorkWatchdog.class);

    @BeforeEach
    void captureLog() {
        log.start();
        logger.addAppender(log);
    }

    @AfterEach
    void releaseLog() {
        logger.detachAppender(log);
        Thread.interrupted();
    }

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }

    @Test
    void aUnitOfWorkPastItsTimeoutHasItsThreadInterrupted() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread worker = new Thread(() -> {
            watchdog.start("UnitOfWork of test", THIRTY_SECONDS_WARNED_AFTER_TEN_EVERY_ONE);
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        worker.start();
        started.await();

        advance(Duration.ofSeconds(30));
        watchdog.check();

        worker.join(10_000);
        assertThat(interrupted).isTrue();
        assertThat(errors()).singleElement().asString().contains("UnitOfWork of test", "timeout of 30000 ms");
    }

    @Test
    void aUnitOfWorkIsNotInterruptedBeforeItsTimeout() {
        watchdog.start("UnitOfWork of test", THIRTY_SECONDS_WARNED_AFTER_TEN_EVERY_ONE);

        advance(Duration.ofMillis(29_999));
        watchdog.check();

        assertThat(Thread.currentThread().isInterrupted()).isFalse();
        assertThat(errors()).isEmpty();
    }

    @Test
    void aCompletedUnitOfWorkIsNeverInterrupted() {
        UnitOfWorkWatchdog.Watch watch = watchdog.start("UnitOfWork of test", THIRTY_SECONDS_WARNED_AFTER_TEN_EVERY_ONE);
        watch.complete();

        advance(Duration.ofMinutes(5));
        watchdog.check();

        assertThat(Thread.currentThread().isInterrupted()).isFalse();
        assertThat(watchdog.running()).isZero();
        assertThat(log.list).isEmpty();
    }

    @Test
    void anInterruptSentAsTheUnitOfWorkCompletesDoesNotReachTheThreadsNextTask() {
        UnitOfWorkWatchdog.Watch watch = watchdog.start("UnitOfWork of test", THIRTY_SECONDS_WARNED_AFTER_TEN_EVERY_ONE);
        advance(Duration.ofSeconds(31));
        watchdog.check();
        assertThat(Thread.currentThread().isInterrupted()).isTrue();

        watch.complete();

        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }

    @Test
    void aThreadIsInterruptedOnceHoweverLongItRunsOn() {
        watchdog.start("UnitOfWork of test", THIRTY_SECONDS_WARNED_AFTER_TEN_EVERY_ONE);
        advance(Duration.ofSeconds(31));
        watchdog.check();
        Thread.interrupted();

        advance(Duration.ofSeconds(31));
        watchdog.check();

        assertThat(Thread.currentThread().isInterrupted()).isFalse();
        assertThat(errors()).hasSize(1);
    }

    @Test
    void aUnitOfWorkPastItsWarningThresholdIsReportedWithItsStackOncePerInterval() {
        watchdog.start("UnitOfWork of test", THIRTY_SECONDS_WARNED_AFTER_TEN_EVERY_ONE);

        advance(Duration.ofSeconds(10));
        watchdog.check();
        advance(Duration.ofMillis(500));
        watchdog.check();
        advance(Duration.ofMillis(500));
        watchdog.check();

        List<String> warnings = log.list.stream().filter(e -> e.getLevel() == Level.WARN)
                .map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0)).contains("UnitOfWork of test", Thread.currentThread().getName(), "has run for 10000 ms",
                "\tat " + UnitOfWorkWatchdogTest.class.getName());
    }

    @Test
    void noWarningIsLoggedWhenTheThresholdIsNotBeforeTheTimeout() {
        watchdog.start("UnitOfWork of test", new UnitOfWorkWatchdog.Limit(
                Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(1)));

        advance(Duration.ofMillis(29_999));
        watchdog.check();

        assertThat(log.list).isEmpty();
    }

    @Test
    void aStartedWatchdogLooksOnItsOwnThread() throws Exception {
        try (UnitOfWorkWatchdog ticking = UnitOfWorkWatchdog.started(Duration.ofMillis(10))) {
            ticking.start("UnitOfWork of test", new UnitOfWorkWatchdog.Limit(
                    Duration.ofMillis(50), Duration.ofMillis(-1), Duration.ofMillis(1)));
            long started = System.nanoTime();

            boolean interrupted = false;
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                interrupted = true;
            }

            assertThat(interrupted).isTrue();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(5_000);
        }
    }

    private List<String> errors() {
        return log.list.stream().filter(e -> e.getLevel() == Level.ERROR).map(ILoggingEvent::getFormattedMessage).toList();
    }
}
