package io.meridian.bench.load;

import java.util.Arrays;

/** Latencies of one client thread, merged after the run into percentiles. */
final class LatencyRecorder {
    private long[] nanos = new long[1 << 14];
    private int count;

    void record(long elapsedNanos) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, nanos.length * 2);
        }
        nanos[count++] = elapsedNanos;
    }

    int count() {
        return count;
    }

    /** Percentiles (0..100) in milliseconds over all recorders. */
    static double[] percentilesMillis(Iterable<LatencyRecorder> recorders, double... percentiles) {
        int total = 0;
        for (LatencyRecorder r : recorders) {
            total += r.count;
        }
        long[] all = new long[total];
        int at = 0;
        for (LatencyRecorder r : recorders) {
            System.arraycopy(r.nanos, 0, all, at, r.count);
            at += r.count;
        }
        Arrays.sort(all);
        double[] result = new double[percentiles.length];
        for (int i = 0; i < percentiles.length; i++) {
            int index = Math.min(all.length - 1, (int) Math.ceil(percentiles[i] / 100.0 * all.length) - 1);
            result[i] = all.length == 0 ? 0 : all[Math.max(0, index)] / 1_000_000.0;
        }
        return result;
    }
}
