package io.meridian.bench.federation;

import io.meridian.command.cluster.ClusterState;
import io.meridian.schemas.ClusterEvent;
import io.meridian.schemas.Decoded;
import io.meridian.schemas.MessageCodec;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Instant;
import java.util.Locale;

/**
 * Issue 4's memory figure: the command-service's {@link ClusterState} fed every cluster event the
 * agents of 100 clusters, 5,000 workloads and 100,000 pods publish, each encoded and decoded by the
 * same codec as on Kafka (so the trees are the ones the consumer would hold), then the used heap after
 * a full collection. Run it with {@code -Xmx1g} to show that the state fits in 1 GiB.
 */
public final class MemoryFootprint {
    private static final double MIB = 1024.0 * 1024.0;

    private MemoryFootprint() {
    }

    public record Result(FleetShape shape, boolean sharedText, long events, long baselineBytes, long usedBytes,
                         double seconds) {
        public long stateBytes() {
            return usedBytes - baselineBytes;
        }

        public String json() {
            return String.format(Locale.ROOT, "{\"bench\":\"memory\",\"clusters\":%d,\"workloads\":%d,\"pods\":%d,"
                            + "\"events\":%d,%s\"heap_used_mib\":%.1f,\"state_mib\":%.1f}", shape.clusters(),
                    shape.workloads(), shape.pods(), events, sharedText ? "\"shared_text\":true," : "", usedBytes / MIB,
                    stateBytes() / MIB);
        }
    }

    public static void main(String[] args) {
        boolean histogram = java.util.Arrays.asList(args).contains("--histogram");
        boolean shared = java.util.Arrays.asList(args).contains("--shared-text");
        String[] numbers = java.util.Arrays.stream(args).filter(a -> !a.startsWith("--")).toArray(String[]::new);
        FleetShape shape = numbers.length == 0 ? FleetShape.ISSUE_4 : parse(numbers);
        Result result = measure(shape, System.out::println, histogram, shared);
        System.out.println(result.json());
    }

    private static FleetShape parse(String[] args) {
        return new FleetShape(Integer.parseInt(args[0]), 10, Integer.parseInt(args[1]), 2, Integer.parseInt(args[2]));
    }

    /**
     * Feeds the state and measures; with {@code sharedText}, equal text values are held once (what a proposed
     * change to ClusterState would do, {@link SharedTextValues}), which shows what that change saves.
     */
    public static Result measure(FleetShape shape, java.util.function.Consumer<String> progress, boolean histogram,
                                 boolean sharedText) {
        long baseline = usedAfterGc();
        long start = System.nanoTime();
        ClusterState state = new ClusterState();
        SharedTextValues pool = sharedText ? new SharedTextValues() : null;
        long[] events = {0};
        new AgentReports(shape, Instant.parse("2026-11-22T06:00:00Z")).forEach(event -> {
            ClusterEvent received = decoded(MessageCodec.CLUSTER_EVENT.encode(event));
            if (pool != null) {
                pool.share(received.body());
            }
            take(state, received);
            if (++events[0] % 20_000 == 0) {
                progress.accept("fed " + events[0] + " cluster events");
            }
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        long used = usedAfterGc();
        progress.accept(String.format(Locale.ROOT, "%d events in %.1f s; heap used %.1f MiB after GC (%.1f MiB before the state)",
                events[0], seconds, used / MIB, baseline / MIB));
        if (histogram) {
            progress.accept(HeapHistogram.top(20));
        }
        if (state.clusterNames().size() != shape.clusters() + 1) {
            throw new IllegalStateException("the state holds " + state.clusterNames().size() + " clusters");
        }
        return new Result(shape, sharedText, events[0], baseline, used, seconds);
    }

    private static ClusterEvent decoded(String json) {
        Decoded<ClusterEvent> decoded = MessageCodec.CLUSTER_EVENT.decode(json);
        if (decoded instanceof Decoded.Accepted<ClusterEvent> accepted) {
            return accepted.message();
        }
        throw new IllegalStateException("a generated cluster event was rejected: " + decoded);
    }

    /** As the cluster-events consumer applies an upsert. */
    private static void take(ClusterState state, ClusterEvent event) {
        state.upsert(event.cluster(), event.object(), event.body());
    }

    static long usedAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            memory.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
