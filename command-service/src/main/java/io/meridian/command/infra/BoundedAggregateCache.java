package io.meridian.command.infra;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.axonframework.common.Registration;
import org.axonframework.common.caching.Cache;

/**
 * A strongly referenced, least-recently-used aggregate cache of at most {@code capacity} entries.
 * (Axon's WeakReferenceCache loses every entry at each garbage collection, so a busy spread was
 * replayed from the event store again and again.) Axon removes an entry when its unit of work rolls
 * back, e.g. after losing an append race to another instance, so the retry loads fresh state.
 */
public final class BoundedAggregateCache implements Cache {
    private final Map<Object, Object> entries;

    public BoundedAggregateCache(int capacity) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
                return size() > capacity;
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized <K, V> V get(K key) {
        return (V) entries.get(key);
    }

    @Override
    public synchronized void put(Object key, Object value) {
        entries.put(key, value);
    }

    @Override
    public synchronized boolean putIfAbsent(Object key, Object value) {
        return entries.putIfAbsent(key, value) == null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized <T> T computeIfAbsent(Object key, Supplier<T> valueSupplier) {
        return (T) entries.computeIfAbsent(key, k -> valueSupplier.get());
    }

    @Override
    public synchronized boolean remove(Object key) {
        return entries.remove(key) != null;
    }

    @Override
    public synchronized void removeAll() {
        entries.clear();
    }

    @Override
    public synchronized boolean containsKey(Object key) {
        return entries.containsKey(key);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized <V> void computeIfPresent(Object key, UnaryOperator<V> update) {
        entries.computeIfPresent(key, (k, v) -> update.apply((V) v));
    }

    @Override
    public Registration registerCacheEntryListener(EntryListener listener) {
        return () -> true; // no listeners are notified: nothing here expires on its own
    }
}
