package io.meridian.gateway.live;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Coalesces concurrent reads of one key without ever answering a caller with a read that began before it
 * asked: the first caller starts a read; callers that come while it runs share the one read started when
 * it ends. So at most one read per key runs, at most one waits, and every answer is fresh enough for the
 * caller (a pod created after a scale-up must see a read made after the scale-up).
 */
public final class FreshReads<K, V> {
    private final Function<K, V> read;
    private final Executor executor;
    /** Guarded by {@code this}. */
    private final Map<K, Flight<V>> flights = new HashMap<>();

    private static final class Flight<V> {
        CompletableFuture<V> running;
        CompletableFuture<V> next;
    }

    public FreshReads(Function<K, V> read, Executor executor) {
        this.read = read;
        this.executor = executor;
    }

    /** A read of {@code key} that starts no earlier than this call. */
    public CompletableFuture<V> read(K key) {
        synchronized (this) {
            Flight<V> flight = flights.computeIfAbsent(key, k -> new Flight<>());
            if (flight.running == null) {
                flight.running = new CompletableFuture<>();
                start(key, flight.running);
                return flight.running;
            }
            if (flight.next == null) {
                flight.next = new CompletableFuture<>();
            }
            return flight.next;
        }
    }

    private void start(K key, CompletableFuture<V> result) {
        executor.execute(() -> {
            try {
                result.complete(read.apply(key));
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
            } finally {
                finished(key);
            }
        });
    }

    private synchronized void finished(K key) {
        Flight<V> flight = flights.get(key);
        if (flight.next == null) {
            flights.remove(key);
            return;
        }
        flight.running = flight.next;
        flight.next = null;
        start(key, flight.running);
    }

    /** Keys with a read running (for tests and metrics). */
    public synchronized int inFlight() {
        return flights.size();
    }
}
