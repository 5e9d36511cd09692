package io.meridian.command.infra;

import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds every running unit of work to its {@link Limit}: past {@code warnAfter} it logs the handling thread's stack
 * every {@code warnEvery}, past {@code timeout} it logs once more and interrupts the thread, as Axon's own
 * unit-of-work timer does. Axon's timer copies the starting thread's whole stack and schedules a task on a shared
 * executor for every unit of work (about 1.9 % of an admission's CPU, its thread woken once per unit of work when the
 * cancelled task falls due); here starting and completing a watch is one entry added to and removed from a set, and
 * one thread looks over the set every {@code tick}.
 */
public final class UnitOfWorkWatchdog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UnitOfWorkWatchdog.class);

    private final Set<Watch> running = ConcurrentHashMap.newKeySet();
    private final LongSupplier nanoTime;
    private PeriodicLook looks;

    /**
     * How long a unit of work may run, and when to warn about it; no warnings when {@code warnAfter} is negative
     * or not before {@code timeout}.
     */
    public record Limit(Duration timeout, Duration warnAfter, Duration warnEvery) {
        boolean warns() {
            return !warnAfter.isNegative() && warnAfter.compareTo(timeout) < 0;
        }
    }

    /** A watchdog that looks every {@code tick} on a daemon thread of its own. */
    public static UnitOfWorkWatchdog started(Duration tick) {
        UnitOfWorkWatchdog watchdog = new UnitOfWorkWatchdog(System::nanoTime);
        watchdog.looks = PeriodicLook.start("unit-of-work-watchdog", tick, watchdog::check,
                "the unit-of-work watchdog could not look over the running units of work");
        return watchdog;
    }

    /** A watchdog that looks only when {@link #check()} is called (tests). */
    static UnitOfWorkWatchdog manual(LongSupplier nanoTime) {
        return new UnitOfWorkWatchdog(nanoTime);
    }

    private UnitOfWorkWatchdog(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** Watches the calling thread's unit of work {@code name} until {@link Watch#complete()}. */
    public Watch start(String name, Limit limit) {
        Watch watch = new Watch(name, Thread.currentThread(), nanoTime.getAsLong(), limit);
        running.add(watch);
        return watch;
    }

    /** Warns about and interrupts what has run too long. */
    void check() {
        long now = nanoTime.getAsLong();
        for (Watch watch : running) {
            watch.check(now);
        }
    }

    int running() {
        return running.size();
    }

    @Override
    public void close() {
        if (looks != null) {
            looks.close();
        }
    }

    /** One running unit of work. */
    public final class Watch {
        private final String name;
        private final Thread thread;
        private final long startedAt;
        private final long timeout;
        private final long warnAfter;
        private final long warnEvery;
        private long warnedAt;
        private boolean warned;
        private boolean completed;
        private boolean interrupted;

        private Watch(String name, Thread thread, long startedAt, Limit limit) {
            this.name = name;
            this.thread = thread;
            this.startedAt = startedAt;
            this.timeout = limit.timeout().toNanos();
            this.warnAfter = limit.warns() ? limit.warnAfter().toNanos() : Long.MAX_VALUE;
            this.warnEvery = limit.warnEvery().toNanos();
        }

        /**
         * Ends the watch; called on the unit of work's own thread. An interrupt the watchdog sent as the unit of
         * work was completing is taken back, so it does not reach the thread's next task.
         */
        public void complete() {
            running.remove(this);
            synchronized (this) {
                completed = true;
                if (interrupted) {
                    Thread.interrupted();
                }
            }
        }

        private synchronized void check(long now) {
            long taken = now - startedAt;
            if (completed || interrupted) {
                return;
            }
            if (taken >= timeout) {
                LOG.error("{} on thread [{}] has exceeded its timeout of {} ms after {} ms; interrupting it. "
                        + "Its stack:\n{}", name, thread.getName(), millis(timeout), millis(taken), stack());
                interrupted = true;
                thread.interrupt();
            } else if (taken >= warnAfter && (!warned || now - warnedAt >= warnEvery)) {
                warned = true;
                warnedAt = now;
                LOG.warn("{} on thread [{}] has run for {} ms; it will be interrupted after {} ms. Its stack:\n{}",
                        name, thread.getName(), millis(taken), millis(timeout), stack());
            }
        }

        private String stack() {
            return Arrays.stream(thread.getStackTrace()).map(String::valueOf)
                    .collect(Collectors.joining("\n\tat ", "\tat ", ""));
        }
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
