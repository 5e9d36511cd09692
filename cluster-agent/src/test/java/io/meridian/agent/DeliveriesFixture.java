package io.meridian.agent;

import io.meridian.schemas.ClusterEvent;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

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
        MutableClock clock = new MutableClock(ackedAt);
        Deliveries deliveries = new Deliveries(clock);
        deliveries.recordAcknowledged(ClusterEvent.Type.HEARTBEAT);
        clock.now = failedAt;
        deliveries.recordFailed(ClusterEvent.Type.HEARTBEAT, error);
        return deliveries;
    }

    private static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
