package io.meridian.gateway.applier;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Exponential backoff with jitter: attempt n waits {@code min(max, initial * 2^(n-1))}, half of it fixed
 * and half random, so retries of many mutations do not hit an apiserver in step.
 */
public final class Backoff {
    private final Duration initial;
    private final Duration max;
    private final DoubleSupplier random;

    public Backoff(Duration initial, Duration max, DoubleSupplier random) {
        this.initial = initial;
        this.max = max;
        this.random = random;
    }

    /** The delay before retry number {@code attempt} (1 = the first retry). */
    public Duration delay(int attempt) {
        long ceiling = max.toMillis();
        long exponential = initial.toMillis() << Math.min(Math.max(attempt - 1, 0), 30);
        long capped = exponential <= 0 ? ceiling : Math.min(ceiling, exponential);
        long half = capped / 2;
        return Duration.ofMillis(half + (long) (random.getAsDouble() * (capped - half)));
    }
}
