package io.meridian.command.federation;

import io.meridian.command.federation.api.SyncBinding;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * already waiting is folded into the waiting one. The syncs waiting on a worker one after the other are sent
 * together ({@link Sender#sendTogether}, at most {@code batch} at a time): a failover that syncs every binding at
 * once then stores its decisions in a few transactions instead of one per binding. Also remembers every binding
 * it was asked about, so a member cluster's change reaches them all.
 */
public class BindingSyncQueue implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BindingSyncQueue.class);
    /** A command that lost an append race (another instance, or a stale cached aggregate) is sent again once. */
    private static final int ATTEMPTS = 2;
    private final Sender commands;
    private final Clock clock;
    private final int batch;
    private final Map<String, String> waiting = new ConcurrentHashMap<>();
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    private final List<Worker> workers;
    private final AtomicLong handled = new AtomicLong();

    /** Sends commands and waits until they are handled ({@code CommandGateway::sendAndWait}). */
    public interface Sender {
        void sendAndWait(Object command);

        /**
         * Sends the syncs in order and waits until all are handled; throws when one fails. An implementation may
         * store them all in one transaction (then nothing is stored when one fails); by default they are sent one by
         * one. Syncs are level-based, so sending one again after a failure is harmless.
         */
        default void sendTogether(List<SyncBinding> syncs) {
            syncs.forEach(this::sendAndWait);
        }
    }

    /** One worker: the order of everything asked is kept (as before several workers existed). */
    public BindingSyncQueue(Sender commands, Clock clock) {
        this(commands, clock, 1);
    }

    public BindingSyncQueue(Sender commands, Clock clock, int workers) {
        this(commands, clock, workers, 1);
    }

    public BindingSyncQueue(Sender commands, Clock clock, int workers, int batch) {
        if (workers < 1) {
            throw new IllegalArgumentException("meridian.federation.sync-workers must be >= 1, was " + workers);
        }
        if (batch < 1) {
            throw new IllegalArgumentException("meridian.federation.sync-batch must be >= 1, was " + batch);
        }
        this.commands = commands;
        this.clock = clock;
        this.batch = batch;
        List<Worker> threads = new ArrayList<>(workers);
        for (int i = 0; i < workers; i++) {
            threads.add(new Worker("federation-sync-" + i));
        }
        this.workers = List.copyOf(threads);
    }

    public void request(String bindingId, String trigger) {
        known.add(bindingId);
        if (waiting.putIfAbsent(bindingId, trigger) != null) {
            return;
        }
        workerOf(bindingId).enqueue(new Item(bindingId, null));
    }

    public boolean isKnown(String bindingId) {
        return known.contains(bindingId);
    }

    /** A sync of every binding seen so far; the workers share them out, each binding on its own worker. */
    public void requestAll(String trigger) {
        known.forEach(id -> request(id, trigger));
    }

    /** A sync of every binding seen so far that {@code which} accepts. */
    public void requestWhere(String trigger, java.util.function.Predicate<String> which) {
        known.forEach(id -> {
            if (which.test(id)) {
                request(id, trigger);
            }
        });
    }

    /** As {@link #requestAll(String, java.util.stream.Stream)}, for the bindings {@code which} accepts and {@code more}. */
    public void requestWhere(String trigger, java.util.stream.Stream<String> more, java.util.function.Predicate<String> which) {
        java.util.Set<String> added = new java.util.HashSet<>();
        more.forEach(id -> {
            known.add(id);
            added.add(id);
        });
        requestWhere(trigger, id -> added.contains(id) || which.test(id));
    }

    /**
     * A sync of every binding seen so far and of {@code more}, each asked once: asking for one binding and then
     * for all would sync it twice when a worker takes the first request before the second comes.
     */
    public void requestAll(String trigger, java.util.stream.Stream<String> more) {
        requestWhere(trigger, more, id -> true);
    }

    /** Sends any command to a binding on its worker, after what is already waiting for it. */
    public void dispatch(String bindingId, Object command) {
        known.add(bindingId);
        workerOf(bindingId).enqueue(new Item(bindingId, command));
    }

    /** Waits until everything asked before is handled (tests, and an orderly stop). */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (Worker worker : workers) {
            java.util.concurrent.Future<?> marker = worker.thread.submit(() -> { });
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

    private Worker workerOf(String bindingId) {
        return workers.get(workerIndex(bindingId));
    }

    /** What a worker was asked, in order: a sync of a binding (command null) or another command to it. */
    private record Item(String bindingId, Object command) {
    }

    /** One thread and what it was asked, in order; each request wakes it, and it takes all that waits. */
    private final class Worker {
        private final ExecutorService thread;
        private final Queue<Item> items = new ConcurrentLinkedQueue<>();

        Worker(String name) {
            thread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
            });
        }

        void enqueue(Item item) {
            items.add(item);
            thread.execute(this::drain);
        }

        /** Consecutive syncs go together (up to the batch size); another command is sent on its own, in its place. */
        private void drain() {
            List<SyncBinding> syncs = new ArrayList<>();
            for (Item item = items.poll(); item != null; item = items.poll()) {
                if (item.command() != null) {
                    sendSyncs(syncs);
                    send(item.bindingId(), item.command(), item.command().getClass().getSimpleName());
                    continue;
                }
                String trigger = waiting.remove(item.bindingId());
                if (trigger != null) {
                    syncs.add(new SyncBinding(item.bindingId(), trigger, clock.instant()));
                }
                if (syncs.size() >= batch) {
                    sendSyncs(syncs);
                }
            }
            sendSyncs(syncs);
        }
    }

    /** Sends the syncs together; when that fails, each on its own (with its retry), so one bad binding stays alone. */
    private void sendSyncs(List<SyncBinding> syncs) {
        if (syncs.size() > 1) {
            try {
                commands.sendTogether(List.copyOf(syncs));
                handled.addAndGet(syncs.size());
                syncs.clear();
                return;
            } catch (RuntimeException e) {
                log.info("{} binding syncs sent together failed ({}); sending each on its own", syncs.size(), e.toString());
            }
        }
        for (SyncBinding sync : syncs) {
            send(sync.bindingId(), sync, "sync (" + sync.trigger() + ")");
        }
        syncs.clear();
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
        workers.forEach(worker -> worker.thread.shutdownNow());
    }
}
