package io.meridian.command.cluster;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Runs {@code action(key, reason)} once per key, {@code delay} after the first request for it; requests arriving
 * meanwhile join that run (the first reason is the one given). One daemon thread runs every action.
 */
public final class Debouncer implements AutoCloseable {
    private final ScheduledExecutorService executor;
    private final ConcurrentMap<String, String> pending = new ConcurrentHashMap<>();
    private final long delayMillis;
    private final BiConsumer<String, String> action;

    public Debouncer(String threadName, Duration delay, BiConsumer<String, String> action) {
        this.delayMillis = delay.toMillis();
        this.action = action;
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
    }

    public void request(String key, String reason) {
        if (pending.putIfAbsent(key, reason) == null) {
            executor.schedule(() -> action.accept(key, pending.remove(key)), delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
