package io.meridian.command.federation;

import io.meridian.command.federation.api.SyncBinding;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.eventsourcing.eventstore.EventStoreException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Sends {@link SyncBinding} commands off the caller's thread (the cluster events consumer, an event handler) on
 * several workers: a binding always goes to the same worker (its id hashed), so its commands stay in the order
 * they were asked for while different bindings are synced side by side. A sync asked for a binding whose sync is
 * already waiting is folded into the waiting one. Also remembers every binding it was asked about, so a member
 * cluster's change reaches them all.
 */
public class BindingSyncQueue implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BindingSyncQueue.class);
    /** A command that lost an append race (another instance, or a stale cached aggregate) is sent again once. */
    private static final int ATTEMPTS = 2;
    private final Sender commands;
    private final Clock clock;
    private final Map<String, String> waiting = new ConcurrentHashMap<>();
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    private final List<ExecutorService> workers;
    private final AtomicLong handled = new AtomicLong();

    /** Sends one command and waits until it is handled ({@code CommandGateway::sendAndWait}). */
    public interface Sender {
        void sendAndWait(Object command);
    }

    /** One worker: the order of everything asked is kept (as before several workers existed). */
    public BindingSyncQueue(Sender commands, Clock clock) {
        this(commands, clock, 1);
    }

    public BindingSyncQueue(Sender commands, Clock clock, int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("meridian.federation.sync-workers must be >= 1, was " + workers);
        }
        this.commands = commands;
        this.clock = clock;
        List<ExecutorService> threads = new ArrayList<>(workers);
        for (int i = 0; i < workers; i++) {
            String name = "federation-sync-" + i;
            threads.add(Executors.newSingleThreadExecutor(r -> {
                Thread thread = new Thread(r, name);
                thread.setDaemon(true);
                return thread;
            }));
        }
        this.workers = List.copyOf(threads);
    }

    public void request(String bindingId, String trigger) {
        known.add(bindingId);
        if (waiting.putIfAbsent(bindingId, trigger) != null) {
            return;
        }
        workerOf(bindingId).execute(() -> sync(bindingId));
    }

    public boolean isKnown(String bindingId) {
        return known.contains(bindingId);
    }

    /** A sync of every binding seen so far; the workers share them out, each binding on its own worker. */
    public void requestAll(String trigger) {
        known.forEach(id -> request(id, trigger));
    }

    /**
     * A sync of every binding seen so far and of {@code more}, each asked once: asking for one binding and then
     * for all would sync it twice when a worker takes the first request before the second comes.
     */
    public void requestAll(String trigger, java.util.stream.Stream<String> more) {
        more.forEach(known::add);
        requestAll(trigger);
    }

    /** Sends any command to a binding on its worker, after what is already waiting for it. */
    public void dispatch(String bindingId, Object command) {
        known.add(bindingId);
        workerOf(bindingId).execute(() -> send(bindingId, command, command.getClass().getSimpleName()));
    }

    /** Waits until everything asked before is handled (tests, and an orderly stop). */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (ExecutorService worker : workers) {
            java.util.concurrent.Future<?> marker = worker.submit(() -> { });
            try {
                marker.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                return false;
            }
        }
        return true;
    }

    /** How many commands were handled (or gave up on) so far: a measure of the work done, for benchmarks. */
    public long handled() {
        return handled.get();
    }

    int workers() {
        return workers.size();
    }

    int workerIndex(String bindingId) {
        return Math.floorMod(bindingId.hashCode(), workers.size());
    }

    private ExecutorService workerOf(String bindingId) {
        return workers.get(workerIndex(bindingId));
    }

    private void sync(String bindingId) {
        String trigger = waiting.remove(bindingId);
        if (trigger == null) {
            return;
        }
        send(bindingId, new SyncBinding(bindingId, trigger, clock.instant()), "sync (" + trigger + ")");
    }

    private void send(String bindingId, Object command, String what) {
        MDC.put("aggregate", bindingId);
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    commands.sendAndWait(command);
                    return;
                } catch (RuntimeException e) {
                    if (attempt >= ATTEMPTS || !lostAppendRace(e)) {
                        log.warn("binding {} not handled: {}", what, e.toString());
                        return;
                    }
                }
            }
        } finally {
            handled.incrementAndGet();
            MDC.remove("aggregate");
        }
    }

    private static boolean lostAppendRace(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConcurrencyException || cause instanceof EventStoreException) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        workers.forEach(ExecutorService::shutdownNow);
    }
}
