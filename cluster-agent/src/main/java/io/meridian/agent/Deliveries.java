package io.meridian.agent;

import io.meridian.schemas.ClusterEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the broker made of the events sent so far: acknowledged and failed counts per event type, when the
 * last acknowledgement and the last failure came, and whether the producer was closed.
 */
public final class Deliveries {
    private final Clock clock;
    private final Map<ClusterEvent.Type, AtomicLong> acknowledged = new EnumMap<>(ClusterEvent.Type.class);
    private final Map<ClusterEvent.Type, AtomicLong> failed = new EnumMap<>(ClusterEvent.Type.class);
    private volatile Instant lastAcknowledgedAt;
    private volatile Instant lastFailedAt;
    private volatile String lastError;
    private volatile boolean closed;

    Deliveries(Clock clock) {
        this.clock = clock;
        for (ClusterEvent.Type type : ClusterEvent.Type.values()) {
            acknowledged.put(type, new AtomicLong());
            failed.put(type, new AtomicLong());
        }
    }

    void recordAcknowledged(ClusterEvent.Type type) {
        acknowledged.get(type).incrementAndGet();
        lastAcknowledgedAt = clock.instant();
    }

    void recordFailed(ClusterEvent.Type type, Exception error) {
        failed.get(type).incrementAndGet();
        lastFailedAt = clock.instant();
        lastError = error.getClass().getSimpleName() + ": " + error.getMessage();
    }

    void recordClosed() {
        closed = true;
    }

    public long acknowledgedCount(ClusterEvent.Type type) {
        return acknowledged.get(type).get();
    }

    public long failedCount(ClusterEvent.Type type) {
        return failed.get(type).get();
    }

    public Optional<Instant> lastAcknowledgedAt() {
        return Optional.ofNullable(lastAcknowledgedAt);
    }

    public Optional<Instant> lastFailedAt() {
        return Optional.ofNullable(lastFailedAt);
    }

    public Optional<String> lastError() {
        return Optional.ofNullable(lastError);
    }

    public boolean isClosed() {
        return closed;
    }
}
