package io.meridian.command.infra;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.messaging.MessageDispatchInterceptor;
import org.axonframework.messaging.StreamableMessageSource;

/**
 * Wakes a tracking processor waiting at the tail of the event store only for commits that hold an event it handles
 * (see {@link QuietEventStream}). As a dispatch interceptor of the event store it finds, for each published event,
 * the processors whose handlers take its payload type, and signals them once the unit of work has committed (at
 * once when there is none). Until the processors' handlers are known ({@link #handlersFrom}), every commit wakes
 * every processor, as without it.
 */
public final class ProcessorWakeups implements MessageDispatchInterceptor<EventMessage<?>> {
    /** For how long after a relevant commit a processor's stream waits on every fetch of the store, as Axon's does. */
    public static final Duration EAGER_WINDOW = Duration.ofSeconds(1);

    private final Map<String, Wakeup> byProcessor = new ConcurrentHashMap<>();
    private final Map<Class<?>, List<Wakeup>> byPayloadType = new ConcurrentHashMap<>();
    private final long eagerWindowNanos;
    private final LongSupplier nanoTime;
    private final String pendingKey = "meridian.processor-wakeups@" + System.identityHashCode(this);
    private volatile Function<String, Predicate<Class<?>>> handlers;

    public ProcessorWakeups() {
        this(EAGER_WINDOW, System::nanoTime);
    }

    ProcessorWakeups(Duration eagerWindow, LongSupplier nanoTime) {
        this.eagerWindowNanos = eagerWindow.toNanos();
        this.nanoTime = nanoTime;
    }

    /** The store as the named processor should read it: quiet at the tail until a commit it handles. */
    public StreamableMessageSource<TrackedEventMessage<?>> source(
            String processor, StreamableMessageSource<TrackedEventMessage<?>> store) {
        Wakeup wakeup = byProcessor.computeIfAbsent(processor, name -> new Wakeup());
        byPayloadType.clear();
        return new QuietSource(store, wakeup);
    }

    /**
     * @param handlers for a processor's name, whether its handlers take a payload type; null when the processor is not
     *                 built yet (it is then woken by every commit)
     */
    public void handlersFrom(Function<String, Predicate<Class<?>>> handlers) {
        this.handlers = handlers;
        byPayloadType.clear();
    }

    @Override
    public BiFunction<Integer, EventMessage<?>, EventMessage<?>> handle(List<? extends EventMessage<?>> messages) {
        Set<Wakeup> toWake = new LinkedHashSet<>();
        for (EventMessage<?> message : messages) {
            toWake.addAll(handling(message.getPayloadType()));
        }
        if (!toWake.isEmpty()) {
            wakeAfterCommit(toWake);
        }
        return (index, message) -> message;
    }

    /** One signal per processor when the root unit of work commits, however many times it published. */
    private void wakeAfterCommit(Set<Wakeup> toWake) {
        Set<Wakeup> pending = RootCommits.pending(pendingKey, LinkedHashSet::new,
                wakeups -> wakeups.forEach(Wakeup::signal));
        if (pending == null) {
            toWake.forEach(Wakeup::signal);
        } else {
            pending.addAll(toWake);
        }
    }

    Wakeup wakeup(String processor) {
        return byProcessor.get(processor);
    }

    /** The processors a commit of this payload type wakes. */
    public Set<String> processorsWokenBy(Class<?> payloadType) {
        List<Wakeup> woken = handling(payloadType);
        Set<String> names = new TreeSet<>();
        byProcessor.forEach((name, wakeup) -> {
            if (woken.contains(wakeup)) {
                names.add(name);
            }
        });
        return names;
    }

    private List<Wakeup> handling(Class<?> payloadType) {
        List<Wakeup> known = byPayloadType.get(payloadType);
        if (known != null) {
            return known;
        }
        Function<String, Predicate<Class<?>>> current = handlers;
        List<Wakeup> found = new ArrayList<>();
        boolean complete = current != null;
        for (Map.Entry<String, Wakeup> entry : byProcessor.entrySet()) {
            Predicate<Class<?>> handles = current == null ? null : current.apply(entry.getKey());
            complete &= handles != null;
            if (handles == null || handles.test(payloadType)) {
                found.add(entry.getValue());
            }
        }
        if (complete) {
            byPayloadType.put(payloadType, List.copyOf(found));
        }
        return found;
    }

    /** One processor's signal: a generation that grows at each relevant commit, and the threads waiting for it. */
    static final class Wakeup {
        private final AtomicLong generation = new AtomicLong();
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();

        long generation() {
            return generation.get();
        }

        void signal() {
            generation.incrementAndGet();
            lock.lock();
            try {
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** Waits until the generation is no longer {@code seen} or the deadline passes; true when it changed. */
        boolean awaitChange(long seen, long deadline, LongSupplier nanoTime) throws InterruptedException {
            lock.lock();
            try {
                while (generation.get() == seen) {
                    long left = deadline - nanoTime.getAsLong();
                    if (left <= 0) {
                        return false;
                    }
                    changed.awaitNanos(left);
                }
                return true;
            } finally {
                lock.unlock();
            }
        }
    }

    /** The event store, its streams quiet at the tail. */
    public final class QuietSource implements StreamableMessageSource<TrackedEventMessage<?>> {
        private final StreamableMessageSource<TrackedEventMessage<?>> store;
        private final Wakeup wakeup;

        QuietSource(StreamableMessageSource<TrackedEventMessage<?>> store, Wakeup wakeup) {
            this.store = store;
            this.wakeup = wakeup;
        }

        @Override
        public BlockingStream<TrackedEventMessage<?>> openStream(TrackingToken token) {
            return new QuietEventStream(store.openStream(token), wakeup, eagerWindowNanos, nanoTime);
        }

        @Override
        public TrackingToken createTailToken() {
            return store.createTailToken();
        }

        @Override
        public TrackingToken createHeadToken() {
            return store.createHeadToken();
        }

        @Override
        public TrackingToken createTokenAt(Instant dateTime) {
            return store.createTokenAt(dateTime);
        }

        @Override
        public TrackingToken createTokenSince(Duration duration) {
            return store.createTokenSince(duration);
        }
    }
}
