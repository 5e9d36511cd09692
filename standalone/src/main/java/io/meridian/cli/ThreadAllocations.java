package io.meridian.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The heap this JVM's threads allocated ({@code com.sun.management.ThreadMXBean}), per thread and grouped by name with
 * every run of digits as {@code N}. What a unit of work allocates sets how often the young collector stops every
 * thread (docs/benchmarks.md, Issue 3, session 43), and unlike a duration it hardly moves with the machine's speed of
 * the day. A thread that ended between two snapshots is missing from the difference.
 */
public final class ThreadAllocations {
    /** One snapshot: per thread id, its group and the bytes it allocated so far. */
    public record Snapshot(Map<Long, Allocated> threads) {
    }

    /** A thread's group and its bytes allocated so far. */
    public record Allocated(String group, long bytes) {
    }

    /** The bytes allocated between two snapshots, in all and per group. */
    public record Difference(long bytes, Map<String, Long> bytesByGroup) {
        /**
         * One JSON line, {@code {"bench":"<bench>-allocation","<unit>s":…,"kb_per_<unit>":…,"kb_by_group":{…}}}: the
         * kilobytes per {@code units} in all and in the {@code groups} groups that allocated most.
         */
        public String json(String bench, String unit, long units, int groups) {
            double per = Math.max(units, 1) * 1024.0;
            ObjectNode line = JSON.createObjectNode().put("bench", bench + "-allocation").put(unit + "s", units)
                    .put("kb_per_" + unit, TopGroups.rounded(bytes / per, 2));
            TopGroups.put(line.putObject("kb_by_group"), bytesByGroup, groups, per, 2);
            return line.toString();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private ThreadAllocations() {
    }

    /** This JVM's live threads now; empty where the JVM does not count allocations per thread. */
    public static Optional<Snapshot> now() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
            return Optional.empty();
        }
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        ThreadInfo[] infos = threads.getThreadInfo(ids);
        Map<Long, Allocated> allocated = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (infos[i] != null && bytes[i] >= 0) {
                allocated.put(ids[i], new Allocated(infos[i].getThreadName().replaceAll("\\d+", "N"), bytes[i]));
            }
        }
        return Optional.of(new Snapshot(allocated));
    }

    /** What was allocated from {@code before} to {@code after}, by the threads alive at both. */
    public static Difference between(Snapshot before, Snapshot after) {
        long bytes = 0;
        Map<String, Long> byGroup = new LinkedHashMap<>();
        for (Map.Entry<Long, Allocated> thread : after.threads().entrySet()) {
            Allocated earlier = before.threads().get(thread.getKey());
            if (earlier == null) {
                continue;
            }
            long grown = thread.getValue().bytes() - earlier.bytes();
            bytes += grown;
            byGroup.merge(thread.getValue().group(), grown, Long::sum);
        }
        return new Difference(bytes, byGroup);
    }
}
