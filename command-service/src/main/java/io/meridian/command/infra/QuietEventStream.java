package io.meridian.command.infra;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;

/**
 * A tracking processor's stream of the event store that, at the tail, waits for a commit its processor has
 * something to do with ({@link ProcessorWakeups}) instead of being woken by every commit.
 *
 * <p>Axon's embedded store wakes every consumer waiting at the tail whenever it has fetched new events, and a processor
 * with no handler for them is woken to read and ignore them. With this stream a processor that had no relevant commit
 * for {@code eagerWindow} waits for one, for as long as the processor asked to wait, and then takes one look at the
 * store without waiting: events committed by another instance, or one whose signal came before the store had fetched
 * it, are seen at that look, at most one wait later. For {@code eagerWindow} after a relevant commit it waits as Axon's
 * stream does, on every fetch.
 */
final class QuietEventStream implements BlockingStream<TrackedEventMessage<?>> {
    private final BlockingStream<TrackedEventMessage<?>> store;
    private final ProcessorWakeups.Wakeup wakeup;
    private final long eagerWindowNanos;
    private final LongSupplier nanoTime;
    private long seen;
    private long eagerUntil;

    QuietEventStream(BlockingStream<TrackedEventMessage<?>> store, ProcessorWakeups.Wakeup wakeup,
                     long eagerWindowNanos, LongSupplier nanoTime) {
        this.store = store;
        this.wakeup = wakeup;
        this.eagerWindowNanos = eagerWindowNanos;
        this.nanoTime = nanoTime;
        this.seen = wakeup.generation();
        this.eagerUntil = nanoTime.getAsLong() + eagerWindowNanos;
    }

    @Override
    public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
        if (store.hasNextAvailable()) {
            return true;
        }
        long now = nanoTime.getAsLong();
        if (noteSignals(now) || now - eagerUntil < 0) {
            return store.hasNextAvailable(timeout, unit);
        }
        long deadline = now + unit.toNanos(timeout);
        if (!wakeup.awaitChange(seen, deadline, nanoTime)) {
            return store.hasNextAvailable();
        }
        long woken = nanoTime.getAsLong();
        noteSignals(woken);
        return store.hasNextAvailable((int) Math.min(Integer.MAX_VALUE, Math.max(0, deadline - woken)),
                TimeUnit.NANOSECONDS);
    }

    /** True when a relevant commit was signalled since the last look. */
    private boolean noteSignals(long now) {
        long generation = wakeup.generation();
        if (generation == seen) {
            return false;
        }
        seen = generation;
        eagerUntil = now + eagerWindowNanos;
        return true;
    }

    @Override
    public Optional<TrackedEventMessage<?>> peek() {
        return store.peek();
    }

    @Override
    public TrackedEventMessage<?> nextAvailable() throws InterruptedException {
        return store.nextAvailable();
    }

    @Override
    public void skipMessagesWithPayloadTypeOf(TrackedEventMessage<?> ignoredMessage) {
        store.skipMessagesWithPayloadTypeOf(ignoredMessage);
    }

    @Override
    public boolean setOnAvailableCallback(Runnable callback) {
        return store.setOnAvailableCallback(callback);
    }

    @Override
    public void close() {
        store.close();
    }
}
