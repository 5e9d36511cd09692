package io.meridian.bench.federation;

import java.util.Arrays;

/** Nearest-rank percentiles of a set of durations. */
final class Percentiles {
    private final long[] sortedNanos;

    Percentiles(long[] nanos) {
        this.sortedNanos = nanos.clone();
        Arrays.sort(sortedNanos);
    }

    int count() {
        return sortedNanos.length;
    }

    /** The {@code p}-th percentile (0 < p ≤ 100) in milliseconds; 0 without samples. */
    double millis(double p) {
        if (sortedNanos.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sortedNanos.length);
        return sortedNanos[Math.min(sortedNanos.length, Math.max(1, rank)) - 1] / 1e6;
    }
}
