package io.meridian.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    private static final long MS = 1_000_000L;

    @Test
    void slowRequestsSentInOneSliceAreAllInTheTopTenthOfSlices() {
        LatencyRecorder recorder = new LatencyRecorder();
        for (int slice = 0; slice < 100; slice++) {
            for (int i = 0; i < 10; i++) {
                recorder.record(slice * 50 * MS + i * MS, slice == 42 ? 60 * MS : 10 * MS);
            }
        }

        LatencyRecorder.TailShape shape = LatencyRecorder.tailShape(List.of(recorder), 0, 50 * MS, 25 * MS);

        assertThat(shape.slices()).isEqualTo(100);
        assertThat(shape.slow()).isEqualTo(10);
        assertThat(shape.slicesWithSlow()).isEqualTo(1);
        assertThat(shape.shareInTopTenth()).isEqualTo(1.0);
        assertThat(shape.busiest()).isEqualTo("2.10s: 10/10");
    }

    @Test
    void slowRequestsSpreadOverEverySliceLeaveTheTopTenthATenth() {
        LatencyRecorder recorder = new LatencyRecorder();
        for (int slice = 0; slice < 100; slice++) {
            recorder.record(slice * 50 * MS, 30 * MS);
            recorder.record(slice * 50 * MS + MS, 10 * MS);
        }

        LatencyRecorder.TailShape shape = LatencyRecorder.tailShape(List.of(recorder), 0, 50 * MS, 25 * MS);

        assertThat(shape.slicesWithSlow()).isEqualTo(100);
        assertThat(shape.shareInTopTenth()).isEqualTo(0.1);
    }

    @Test
    void percentilesAreReadOverEveryRecorder() {
        LatencyRecorder a = new LatencyRecorder();
        LatencyRecorder b = new LatencyRecorder();
        for (int i = 1; i <= 50; i++) {
            a.record(0, i * MS);
            b.record(0, (50 + i) * MS);
        }

        assertThat(LatencyRecorder.percentilesMillis(List.of(a, b), 50, 99)).containsExactly(50.0, 99.0);
    }
}
