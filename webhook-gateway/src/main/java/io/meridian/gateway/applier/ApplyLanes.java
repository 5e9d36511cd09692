package io.meridian.gateway.applier;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The threads that write to the member clusters: per cluster, {@code perCluster} lanes, each one thread applying
 * its mutations in the order they came. A mutation's lane follows its aggregate, so one aggregate's writes to a
 * cluster keep their order (a WorkloadSpread's deletion costs before its status, a binding's copy writes one after
 * the other), while the writes of different aggregates to one cluster go side by side. A cluster's lanes start
 * when its first mutation comes.
 */
final class ApplyLanes {
    private final int perCluster;
    private final Map<String, ExecutorService> lanes = new ConcurrentHashMap<>();

    ApplyLanes(int perCluster) {
        if (perCluster < 1) {
            throw new IllegalArgumentException("lanes per cluster must be at least 1, got " + perCluster);
        }
        this.perCluster = perCluster;
    }

    /** Runs {@code write} on the lane of {@code aggregate} in {@code cluster}, after what that lane holds already. */
    void submit(String cluster, String aggregate, Runnable write) {
        int lane = Math.floorMod(aggregate == null ? 0 : aggregate.hashCode(), perCluster);
        lanes.computeIfAbsent(cluster + "#" + lane, key -> Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "apply-" + cluster + (perCluster == 1 ? "" : "-" + lane));
            thread.setDaemon(true);
            return thread;
        })).execute(write);
    }

    /** Interrupts every lane and waits a little for them to end. */
    void stop() throws InterruptedException {
        lanes.values().forEach(ExecutorService::shutdownNow);
        for (ExecutorService lane : lanes.values()) {
            lane.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
