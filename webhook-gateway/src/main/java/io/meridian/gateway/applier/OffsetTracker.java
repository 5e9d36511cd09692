package io.meridian.gateway.applier;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Which offsets of each partition are done, and for the ones not done, which cluster they wait for. The
 * committable offset is the first one not yet done, so an offset is committed only when it and everything
 * before it have their result published.
 */
final class OffsetTracker {
    /** Per partition, the offsets not yet committed: the cluster of a record still in flight, or null once done. */
    private final Map<TopicPartition, TreeMap<Long, String>> partitions = new HashMap<>();
    private final Map<TopicPartition, Long> committed = new HashMap<>();

    synchronized void received(TopicPartition partition, long offset) {
        received(partition, offset, "");
    }

    synchronized void received(TopicPartition partition, long offset, String cluster) {
        partitions.computeIfAbsent(partition, p -> new TreeMap<>()).put(offset, cluster);
    }

    synchronized void done(TopicPartition partition, long offset) {
        TreeMap<Long, String> offsets = partitions.get(partition);
        if (offsets != null && offsets.containsKey(offset)) {
            offsets.put(offset, null);
        }
    }

    /** Offsets to commit now (next offset to read per partition), only those that moved since the last call. */
    synchronized Map<TopicPartition, Long> committable() {
        Map<TopicPartition, Long> result = new HashMap<>();
        partitions.forEach((partition, offsets) -> {
            Long next = null;
            while (!offsets.isEmpty() && offsets.firstEntry().getValue() == null) {
                next = offsets.pollFirstEntry().getKey() + 1;
            }
            if (next != null && !next.equals(committed.get(partition))) {
                committed.put(partition, next);
                result.put(partition, next);
            }
        });
        return result;
    }

    /** Offsets held (not committable yet), done or not: what this tracker keeps in memory for the partition. */
    synchronized int pending(TopicPartition partition) {
        TreeMap<Long, String> offsets = partitions.get(partition);
        return offsets == null ? 0 : offsets.size();
    }

    /** Records not done yet, leaving out those that wait for a cluster in {@code parked} (an unreachable one). */
    synchronized int inFlight(TopicPartition partition, Set<String> parked) {
        TreeMap<Long, String> offsets = partitions.get(partition);
        if (offsets == null) {
            return 0;
        }
        int inFlight = 0;
        for (String cluster : offsets.values()) {
            if (cluster != null && !parked.contains(cluster)) {
                inFlight++;
            }
        }
        return inFlight;
    }

    synchronized void forget(TopicPartition partition) {
        partitions.remove(partition);
        committed.remove(partition);
    }
}
