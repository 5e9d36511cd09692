package io.meridian.gateway.applier;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Which offsets of each partition are done. The committable offset is the first one not yet done, so an
 * offset is committed only when it and everything before it have their result published.
 */
final class OffsetTracker {
    private final Map<TopicPartition, TreeMap<Long, Boolean>> partitions = new HashMap<>();
    private final Map<TopicPartition, Long> committed = new HashMap<>();

    synchronized void received(TopicPartition partition, long offset) {
        partitions.computeIfAbsent(partition, p -> new TreeMap<>()).put(offset, false);
    }

    synchronized void done(TopicPartition partition, long offset) {
        TreeMap<Long, Boolean> offsets = partitions.get(partition);
        if (offsets != null && offsets.containsKey(offset)) {
            offsets.put(offset, true);
        }
    }

    /** Offsets to commit now (next offset to read per partition), only those that moved since the last call. */
    synchronized Map<TopicPartition, Long> committable() {
        Map<TopicPartition, Long> result = new HashMap<>();
        partitions.forEach((partition, offsets) -> {
            Long next = null;
            while (!offsets.isEmpty() && offsets.firstEntry().getValue()) {
                next = offsets.pollFirstEntry().getKey() + 1;
            }
            if (next != null && !next.equals(committed.get(partition))) {
                committed.put(partition, next);
                result.put(partition, next);
            }
        });
        return result;
    }

    synchronized int pending(TopicPartition partition) {
        TreeMap<Long, Boolean> offsets = partitions.get(partition);
        return offsets == null ? 0 : offsets.size();
    }

    synchronized void forget(TopicPartition partition) {
        partitions.remove(partition);
        committed.remove(partition);
    }
}
