package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class OffsetTrackerTest {
    private final TopicPartition p0 = new TopicPartition("meridian.mutations", 0);
    private final OffsetTracker tracker = new OffsetTracker();

    @Test
    void anOffsetIsCommittableOnlyWhenItAndAllBeforeItAreDone() {
        tracker.received(p0, 10);
        tracker.received(p0, 11);
        tracker.received(p0, 12);

        tracker.done(p0, 11);
        assertThat(tracker.committable()).isEmpty();

        tracker.done(p0, 10);
        assertThat(tracker.committable()).isEqualTo(Map.of(p0, 12L));
        assertThat(tracker.committable()).as("nothing moved since").isEmpty();
        assertThat(tracker.pending(p0)).isEqualTo(1);

        tracker.done(p0, 12);
        assertThat(tracker.committable()).isEqualTo(Map.of(p0, 13L));
    }

    @Test
    void recordsWaitingForAParkedClusterAreNotInFlightButStayHeldUntilDone() {
        tracker.received(p0, 1, "away");
        tracker.received(p0, 2, "away");
        tracker.received(p0, 3, "near");
        tracker.received(p0, 4, "near");
        tracker.done(p0, 3);

        assertThat(tracker.inFlight(p0, Set.of())).isEqualTo(3);
        assertThat(tracker.inFlight(p0, Set.of("away"))).isEqualTo(1);
        assertThat(tracker.pending(p0)).as("nothing committable behind the parked records").isEqualTo(4);
        assertThat(tracker.committable()).isEmpty();
    }

    @Test
    void aRevokedPartitionIsForgotten() {
        tracker.received(p0, 1);
        tracker.forget(p0);
        tracker.done(p0, 1);

        assertThat(tracker.committable()).isEmpty();
        assertThat(tracker.pending(p0)).isZero();
    }
}
