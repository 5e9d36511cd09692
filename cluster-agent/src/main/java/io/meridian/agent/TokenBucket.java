package io.meridian.agent;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/** Client-side QPS/burst limit: {@code burst} tokens, refilled at {@code qps} per second; callers wait for one. */
final class TokenBucket {
    private final double qps;
    private final int burst;
    private final LongSupplier nanoTime;
    private double tokens;
    private long refilledAt;

    TokenBucket(double qps, int burst, LongSupplier nanoTime) {
        this.qps = qps;
        this.burst = burst;
        this.nanoTime = nanoTime;
        this.tokens = burst;
        this.refilledAt = nanoTime.getAsLong();
    }

    /** Takes one token, returning how long the caller must wait before using it (zero if none). */
    synchronized long reserveNanos() {
        long now = nanoTime.getAsLong();
        tokens = Math.min(burst, tokens + (now - refilledAt) * qps / TimeUnit.SECONDS.toNanos(1));
        refilledAt = now;
        tokens -= 1;
        return tokens >= 0 ? 0 : (long) (-tokens * TimeUnit.SECONDS.toNanos(1) / qps);
    }

    void acquire() {
        long wait = reserveNanos();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
