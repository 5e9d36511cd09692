package io.meridian.agent;

import io.meridian.schemas.ClusterEvent;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.threeten.extra.MutableClock;

/** Delivery records as the producer callback would leave them, for tests outside this package. */
public final class DeliveriesFixture {
    private DeliveriesFixture() {
    }

    public static Deliveries at(Instant now) {
        return new Deliveries(Clock.fixed(now, ZoneOffset.UTC));
    }

    public static Deliveries acknowledgedAt(Instant at) {
        Deliveries deliveries = at(at);
        deliveries.recordAcknowledged(ClusterEvent.Type.HEARTBEAT);
        return deliveries;
    }

    public static Deliveries acknowledgedThenFailed(Instant ackedAt, Instant failedAt, Exception error) {
        MutableClock clock = MutableClock.of(ackedAt, ZoneOffset.UTC);
        Deliveries deliveries = new Deliveries(clock);
        deliveries.recordAcknowledged(ClusterEvent.Type.HEARTBEAT);
        clock.setInstant(failedAt);
        deliveries.recordFailed(ClusterEvent.Type.HEARTBEAT, error);
        return deliveries;
    }
}
