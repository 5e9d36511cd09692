package io.meridian.gateway.applier;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * have a thread at once, over all clusters, and a lane keeps its thread (and its connection stays warm) until it has
 * been idle for {@code idleThread}; a cluster whose first lane has {@value #BACKLOG_FOR_OWN_LANES} writes waiting opens
 * its other lanes all the same (a rebalance's hundred writes to each member). So a cluster busy alone (a spread's
 * deletion costs, a UnitedDeployment's subsets) writes on all its lanes, while a failover or a rebalance, whose writes
 * go to a hundred clusters side by side already, writes on one lane in most clusters and opens one connection per
 * cluster instead of one per lane (docs/benchmarks.md, Issue 4, sessions 29 and 30). Karmada bounds its execution
 * workers across all clusters the same way ({@code --concurrent-work-syncs}).
 */
final class ApplyLanes {
    static final Duration IDLE_THREAD = Duration.ofSeconds(60);
    /** Writes waiting on a cluster's first lane from which it opens its other lanes whatever the others hold. */
    static final int BACKLOG_FOR_OWN_LANES = 8;
    private final int perCluster;
    private final int sharedExtraLanes;
    private final Duration idleThread;
    private final Map<String, ClusterLanes> clusters = new ConcurrentHashMap<>();
    private final AtomicInteger extraThreads = new AtomicInteger();

    ApplyLanes(int perCluster, int sharedExtraLanes) {
        this(perCluster, sharedExtraLanes, IDLE_THREAD);
    }

    ApplyLanes(int perCluster, int sharedExtraLanes, Duration idleThread) {
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
        this.idleThread = idleThread;
    }

    /** Runs {@code write} in {@code cluster} after what {@code aggregate}'s earlier writes there wait for. */
    synchronized void submit(String cluster, String aggregate, Runnable write) {
        ClusterLanes ofCluster = clusters.computeIfAbsent(cluster, key -> new ClusterLanes(perCluster));
        String pinKey = aggregate == null ? "" : aggregate;
        Pin pin = ofCluster.pins.compute(pinKey,
                (key, held) -> held == null ? new Pin(chooseLane(ofCluster.lanes), 1) : held.plusOne());
        lane(cluster, ofCluster.lanes, pin.lane()).run(() -> {
            try {
                write.run();
            } finally {
                ofCluster.pins.computeIfPresent(pinKey, (key, held) -> held.minusOne());
            }
        });
    }

    /** How many lanes past each cluster's first have a thread now, over all clusters. */
    int extraLaneThreads() {
        return extraThreads.get();
    }

    private int chooseLane(Lane[] ofCluster) {
        Lane first = ofCluster[0];
        if (first == null || first.pending() == 0) {
            return 0;
        }
        int chosen = 0;
        int fewest = first.pending();
        boolean mayStartThread = extraThreads.get() < sharedExtraLanes || fewest >= BACKLOG_FOR_OWN_LANES;
        for (int index = 1; index < perCluster; index++) {
            Lane lane = ofCluster[index];
            int pending = lane == null ? 0 : lane.pending();
            boolean hasThread = lane != null && lane.hasThread();
            if ((hasThread || mayStartThread) && pending < fewest) {
                chosen = index;
                fewest = pending;
            }
        }
        return chosen;
    }

    private Lane lane(String cluster, Lane[] ofCluster, int index) {
        if (ofCluster[index] == null) {
            ofCluster[index] = new Lane("apply-" + cluster + (perCluster == 1 ? "" : "-" + index), idleThread,
                    index > 0 ? extraThreads : null);
        }
        return ofCluster[index];
    }

    /** Interrupts every lane and waits a little for them to end. */
    synchronized void stop() throws InterruptedException {
        List<Lane> all = clusters.values().stream().flatMap(ofCluster -> Arrays.stream(ofCluster.lanes))
                .filter(Objects::nonNull).toList();
        all.forEach(lane -> lane.executor.shutdownNow());
        for (Lane lane : all) {
            lane.executor.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /**
     * One cluster's lanes by index, each made on its first write, and its aggregates with writes waiting or running:
     * their lane, and how many there are.
     */
    private static final class ClusterLanes {
        final Lane[] lanes;
        final Map<String, Pin> pins = new ConcurrentHashMap<>();

        ClusterLanes(int perCluster) {
            this.lanes = new Lane[perCluster];
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

    /** One thread at most, its writes in order; {@code threads}, when given, counts it while it lives. */
    private static final class Lane {
        private final ThreadPoolExecutor executor;
        private final AtomicInteger pending = new AtomicInteger();

        Lane(String name, Duration idleThread, AtomicInteger threads) {
            this.executor = new ThreadPoolExecutor(1, 1, idleThread.toMillis(), TimeUnit.MILLISECONDS,
                    new LinkedBlockingQueue<>(), work -> {
                        Thread thread = new Thread(threads == null ? work : counted(work, threads), name);
                        thread.setDaemon(true);
                        return thread;
                    });
            executor.allowCoreThreadTimeOut(true);
        }

        private static Runnable counted(Runnable work, AtomicInteger threads) {
            threads.incrementAndGet();
            return () -> {
                try {
                    work.run();
                } finally {
                    threads.decrementAndGet();
                }
            };
        }

        int pending() {
            return pending.get();
        }

        boolean hasThread() {
            return executor.getPoolSize() > 0;
        }

        void run(Runnable write) {
            pending.incrementAndGet();
            executor.execute(() -> {
                try {
                    write.run();
                } finally {
                    pending.decrementAndGet();
                }
            });
        }
    }
}
