package io.meridian.bench.load;

import java.util.Arrays;

/** Latencies of one client thread, with when each request was sent, merged after the run into percentiles. */
final class LatencyRecorder {
    private long[] nanos = new long[1 << 14];
    private long[] sentAt = new long[1 << 14];
    private int count;

    void record(long sentNanos, long elapsedNanos) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, nanos.length * 2);
            sentAt = Arrays.copyOf(sentAt, sentAt.length * 2);
        }
        sentAt[count] = sentNanos;
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

    /**
     * How the requests slower than {@code slowerThanNanos} lie in time: the window cut into slices of {@code sliceNanos}
     * from {@code fromNanos}, each slice counting the slow requests sent in it. Slow requests gathered in a few slices
     * are stalls that held every client at once; spread over most slices they are the queue's ordinary spread.
     */
    static TailShape tailShape(Iterable<LatencyRecorder> recorders, long fromNanos, long sliceNanos, long slowerThanNanos) {
        int slices = 1;
        for (LatencyRecorder r : recorders) {
            for (int i = 0; i < r.count; i++) {
                slices = Math.max(slices, (int) ((r.sentAt[i] - fromNanos) / sliceNanos) + 1);
            }
        }
        int[] slow = new int[slices];
        int[] all = new int[slices];
        int slowTotal = 0;
        for (LatencyRecorder r : recorders) {
            for (int i = 0; i < r.count; i++) {
                int slice = (int) Math.max(0, (r.sentAt[i] - fromNanos) / sliceNanos);
                all[slice]++;
                if (r.nanos[i] > slowerThanNanos) {
                    slow[slice]++;
                    slowTotal++;
                }
            }
        }
        return TailShape.of(slow, all, slowTotal, sliceNanos);
    }

    /** See {@link #tailShape}: slices with a slow request, and the share of the slow ones in the tenth of slices with most. */
    record TailShape(int slices, int slicesWithSlow, int slow, double shareInTopTenth, String busiest) {
        static TailShape of(int[] slow, int[] all, int slowTotal, long sliceNanos) {
            Integer[] order = new Integer[slow.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Integer.compare(slow[b], slow[a]));
            int top = Math.max(1, slow.length / 10);
            long inTop = 0;
            for (int i = 0; i < top; i++) {
                inTop += slow[order[i]];
            }
            int withSlow = (int) Arrays.stream(slow).filter(s -> s > 0).count();
            StringBuilder busiest = new StringBuilder();
            for (int i = 0; i < Math.min(16, order.length) && slow[order[i]] > 0; i++) {
                busiest.append(busiest.length() == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%.2fs: %d/%d",
                        order[i] * sliceNanos / 1e9, slow[order[i]], all[order[i]]));
            }
            return new TailShape(slow.length, withSlow, slowTotal, slowTotal == 0 ? 0 : (double) inTop / slowTotal,
                    busiest.toString());
        }
    }
}
