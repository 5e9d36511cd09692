package io.meridian.bench.load;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Whether a JVM's JIT compiler has settled, from samples of its cumulative compilation time: settled once the
 * compiler spent at most {@code budget} over the last {@code span}. In the standalone runtime the compiler keeps one
 * of the two cores busy for about two minutes of admission load (Kafka's broker and clients, the PostgreSQL driver,
 * Jackson, Tomcat, Axon all become hot), so a window measured before that measures the warm-up.
 */
final class JitSettling {
    private final long spanNanos;
    private final long budgetMillis;
    private final Deque<long[]> samples = new ArrayDeque<>();
    private long lastDeltaMillis = -1;

    JitSettling(Duration span, Duration budget) {
        this.spanNanos = span.toNanos();
        this.budgetMillis = budget.toMillis();
    }

    /** Records a sample ({@code nowNanos} monotonic) and answers whether the last span stayed within the budget. */
    boolean settled(long nowNanos, long compiledMillis) {
        samples.addLast(new long[] {nowNanos, compiledMillis});
        while (samples.size() > 1 && nowNanos - samples.peekFirst()[0] > spanNanos) {
            samples.removeFirst();
        }
        long[] oldest = samples.peekFirst();
        if (nowNanos - oldest[0] < spanNanos * 9 / 10) {
            return false; // not a whole span of samples yet
        }
        lastDeltaMillis = compiledMillis - oldest[1];
        return lastDeltaMillis <= budgetMillis;
    }

    /** The compilation time over the last whole span seen, or -1 before there was one. */
    long lastDeltaMillis() {
        return lastDeltaMillis;
    }
}
