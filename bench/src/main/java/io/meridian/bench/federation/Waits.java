package io.meridian.bench.federation;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.IntPredicate;

/** Polling until a condition holds for every workload, with a progress line every five seconds. */
final class Waits {

    private Waits() {
    }

    static void awaitEvery(int workloads, IntPredicate done, String what, Duration timeout, Consumer<String> progress,
                           java.util.function.IntFunction<String> describe) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int first = 0;
        long lastReport = System.nanoTime();
        while (System.nanoTime() < deadline) {
            while (first < workloads && done.test(first)) {
                first++;
            }
            if (first == workloads) {
                return;
            }
            if (System.nanoTime() - lastReport > 5_000_000_000L) {
                lastReport = System.nanoTime();
                progress.accept(first + " of " + workloads + " templates " + what);
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("only " + first + " of " + workloads + " templates " + what + " within " + timeout
                + "; the first one left: " + describe.apply(first));
    }
}
