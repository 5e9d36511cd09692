package io.meridian.command.infra;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A look run on a daemon thread of its own, every {@code period} after the previous one ended, until closed. A look
 * that throws is logged and the next one still comes (a periodic task that throws is never run again).
 */
final class PeriodicLook implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PeriodicLook.class);
    private final ScheduledExecutorService thread;

    private PeriodicLook(ScheduledExecutorService thread) {
        this.thread = thread;
    }

    /** @param failure what to log, with the exception, when a look throws */
    static PeriodicLook start(String threadName, Duration period, Runnable look, String failure) {
        ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread daemon = new Thread(runnable, threadName);
            daemon.setDaemon(true);
            return daemon;
        });
        thread.scheduleWithFixedDelay(() -> carryingOn(look, failure), period.toNanos(), period.toNanos(),
                TimeUnit.NANOSECONDS);
        return new PeriodicLook(thread);
    }

    private static void carryingOn(Runnable look, String failure) {
        try {
            look.run();
        } catch (RuntimeException e) {
            LOG.error(failure, e);
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
