package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
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
    void aRevokedPartitionIsForgotten() {
        tracker.received(p0, 1);
        tracker.forget(p0);
        tracker.done(p0, 1);

        assertThat(tracker.committable()).isEmpty();
        assertThat(tracker.pending(p0)).isZero();
    }
}
