package io.meridian.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Samples a spread's subset counts every {@code 100 ms} on its own thread while a test runs, and keeps every
 * sample above a subset's maxReplicas: the "never above maxReplicas" invariant, checked throughout rather than at
 * the end. The first sampling error is kept too, so that a broken observer cannot pass for an empty result.
 */
final class SubsetCeilingWatch implements AutoCloseable {
    private final Supplier<Map<String, Integer>> counts;
    private final Map<String, Integer> ceilings;
    private final List<String> breaches = new ArrayList<>();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean stopped;
    private int samples;

    private SubsetCeilingWatch(Supplier<Map<String, Integer>> counts, Map<String, Integer> ceilings) {
        this.counts = counts;
        this.ceilings = Map.copyOf(ceilings);
        this.thread = new Thread(this::loop, "subset-ceiling-watch");
        thread.setDaemon(true);
    }

    static SubsetCeilingWatch start(Supplier<Map<String, Integer>> counts, Map<String, Integer> ceilings) {
        SubsetCeilingWatch watch = new SubsetCeilingWatch(counts, ceilings);
        watch.thread.start();
        return watch;
    }

    private void loop() {
        while (!stopped) {
            try {
                Map<String, Integer> seen = counts.get();
                synchronized (this) {
                    samples++;
                    ceilings.forEach((subset, max) -> {
                        if (seen.getOrDefault(subset, 0) > max) {
                            breaches.add(subset + " " + seen.get(subset) + "/" + max + " in " + seen);
                        }
                    });
                }
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
            }
        }
    }

    synchronized List<String> breaches() {
        return List.copyOf(breaches);
    }

    synchronized int samples() {
        return samples;
    }

    RuntimeException failure() {
        return failure.get();
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
