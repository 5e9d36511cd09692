package io.meridian.gateway.applier;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that write to the member clusters: per cluster up to {@code perCluster} lanes, each one thread applying
 * its mutations in the order they came. One aggregate's writes to a cluster keep their order (a WorkloadSpread's
 * deletion costs before its status, a binding's copy writes one after the other): while an aggregate has a write
 * waiting or running in a cluster, its next one goes to the same lane. Otherwise a write takes the cluster's first
 * lane when it is idle, else the least loaded of its lanes.
 * <p>
 * Every cluster always has its first lane. Its other lanes are shared out: at most {@code sharedExtraLanes} of them
 * are busy across all clusters at once. A cluster busy alone (a spread's deletion costs, a UnitedDeployment's subsets)
 * writes on all its lanes; a failover or a rebalance, whose writes go to a hundred clusters side by side already,
 * writes on one lane per cluster, and so opens one connection per cluster instead of one per lane (docs/benchmarks.md,
 * Issue 4, sessions 29 and 30). Karmada bounds its execution workers across all clusters the same way
 * ({@code --concurrent-work-syncs}). A lane's thread ends after a minute idle and starts again with its next write.
 */
final class ApplyLanes {
    private static final long IDLE_THREAD_SECONDS = 60;
    private final int perCluster;
    private final int sharedExtraLanes;
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();
    /** Per cluster and aggregate with writes waiting or running: their lane, and how many there are. */
    private final Map<String, Pin> pins = new ConcurrentHashMap<>();
    private final AtomicInteger busyExtraLanes = new AtomicInteger();

    ApplyLanes(int perCluster, int sharedExtraLanes) {
        if (perCluster < 1) {
            throw new IllegalArgumentException(
                    "lanes per cluster (meridian.applier.lanes-per-cluster) must be at least 1, got " + perCluster);
        }
        if (sharedExtraLanes < 0) {
            throw new IllegalArgumentException(
                    "shared extra lanes (meridian.applier.shared-extra-lanes) must be at least 0, got " + sharedExtraLanes);
        }
        this.perCluster = perCluster;
        this.sharedExtraLanes = sharedExtraLanes;
    }

    /** Runs {@code write} in {@code cluster} after what {@code aggregate}'s earlier writes there wait for. */
    synchronized void submit(String cluster, String aggregate, Runnable write) {
        String pinKey = cluster + '\n' + (aggregate == null ? "" : aggregate);
        Pin pin = pins.compute(pinKey, (key, held) -> held == null ? new Pin(chooseLane(cluster), 1) : held.plusOne());
        lane(cluster, pin.lane()).run(() -> {
            try {
                write.run();
            } finally {
                pins.computeIfPresent(pinKey, (key, held) -> held.minusOne());
            }
        });
    }

    /** How many lanes past each cluster's first are busy now, over all clusters. */
    int busyExtraLanes() {
        return busyExtraLanes.get();
    }

    private int chooseLane(String cluster) {
        Lane first = lanes.get(cluster + "#0");
        if (first == null || first.pending() == 0) {
            return 0;
        }
        int chosen = 0;
        int fewest = first.pending();
        boolean mayTakeIdle = busyExtraLanes.get() < sharedExtraLanes;
        for (int index = 1; index < perCluster; index++) {
            Lane lane = lanes.get(cluster + "#" + index);
            int pending = lane == null ? 0 : lane.pending();
            if ((pending > 0 || mayTakeIdle) && pending < fewest) {
                chosen = index;
                fewest = pending;
            }
        }
        return chosen;
    }

    private Lane lane(String cluster, int index) {
        return lanes.computeIfAbsent(cluster + "#" + index, key -> new Lane(
                "apply-" + cluster + (perCluster == 1 ? "" : "-" + index), index > 0 ? busyExtraLanes : null));
    }

    /** Interrupts every lane and waits a little for them to end. */
    void stop() throws InterruptedException {
        lanes.values().forEach(lane -> lane.executor.shutdownNow());
        for (Lane lane : lanes.values()) {
            lane.executor.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private record Pin(int lane, int writes) {
        Pin plusOne() {
            return new Pin(lane, writes + 1);
        }

        /** {@code null} (no longer pinned) once its last write is done. */
        Pin minusOne() {
            return writes == 1 ? null : new Pin(lane, writes - 1);
        }
    }

    /** One thread, its writes in order; an extra lane counts itself busy in {@code busyExtras} while it has any. */
    private static final class Lane {
        private final ThreadPoolExecutor executor;
        private final AtomicInteger pending = new AtomicInteger();
        private final AtomicInteger busyExtras;

        Lane(String name, AtomicInteger busyExtras) {
            this.busyExtras = busyExtras;
            this.executor = new ThreadPoolExecutor(1, 1, IDLE_THREAD_SECONDS, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), runnable -> {
                        Thread thread = new Thread(runnable, name);
                        thread.setDaemon(true);
                        return thread;
                    });
            executor.allowCoreThreadTimeOut(true);
        }

        int pending() {
            return pending.get();
        }

        void run(Runnable write) {
            if (pending.getAndIncrement() == 0 && busyExtras != null) {
                busyExtras.incrementAndGet();
            }
            executor.execute(() -> {
                try {
                    write.run();
                } finally {
                    if (pending.decrementAndGet() == 0 && busyExtras != null) {
                        busyExtras.decrementAndGet();
                    }
                }
            });
        }
    }
}
