package io.meridian.bench.load;

import java.time.Duration;
import java.util.Locale;

/** How long a phase of load runs: a fixed time, or (a warm-up) at least a time and then until the runtime's JIT settled. */
abstract class LoadWindow {
    static final Duration SPAN = Duration.ofSeconds(10);
    static final Duration BUDGET = Duration.ofMillis(500);

    private LoadWindow() {
    }

    /** Blocks while the load runs. */
    abstract void await() throws InterruptedException;

    abstract String describe();

    abstract String outcome();

    static LoadWindow fixed(Duration duration) {
        return new LoadWindow() {
            @Override
            void await() throws InterruptedException {
                Thread.sleep(duration.toMillis());
            }

            @Override
            String describe() {
                return duration.toSeconds() + " s";
            }

            @Override
            String outcome() {
                return describe();
            }
        };
    }

    /**
     * At least {@code min}, then until the JIT compiled at most {@link #BUDGET} in the last {@link #SPAN}, at most
     * {@code max} in all (the measured window then starts anyway, and the outcome says so).
     */
    static LoadWindow untilTheJitSettles(Duration min, Duration max, JitClock jit) {
        return new LoadWindow() {
            private final JitSettling settling = new JitSettling(SPAN, BUDGET);
            private String outcome = "not run";

            @Override
            void await() throws InterruptedException {
                long start = System.nanoTime();
                boolean settled = false;
                while (!settled && System.nanoTime() - start < max.toNanos()) {
                    Thread.sleep(1000);
                    long now = System.nanoTime();
                    long compiled = jit.millis();
                    if (compiled < 0 && now - start >= min.toNanos()) {
                        throw new IllegalStateException("--settle true: the runtime's JIT time never came on stdin (lines '"
                                + JitClock.PREFIX + "<n>')");
                    }
                    settled = compiled >= 0 && settling.settled(now, compiled) && now - start >= min.toNanos();
                }
                outcome = String.format(Locale.ROOT, "%d s, %s: the JIT compiled for %.2f s in the last %d s",
                        Duration.ofNanos(System.nanoTime() - start).toSeconds(), settled ? "settled" : "NOT settled (the maximum)",
                        settling.lastDeltaMillis() / 1000.0, SPAN.toSeconds());
            }

            @Override
            String describe() {
                return String.format(Locale.ROOT, "at least %d s, then until the runtime's JIT compiles at most %d ms in %d s"
                        + " (at most %d s)", min.toSeconds(), BUDGET.toMillis(), SPAN.toSeconds(), max.toSeconds());
            }

            @Override
            String outcome() {
                return outcome;
            }
        };
    }
}
