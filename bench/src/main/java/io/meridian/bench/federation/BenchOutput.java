package io.meridian.bench.federation;

import java.io.PrintWriter;
import java.util.function.Consumer;

/** Progress lines of a benchmark go to stderr, so stdout ends with the result line alone. */
final class BenchOutput {

    private BenchOutput() {
    }

    static Consumer<String> progress(PrintWriter err) {
        long start = System.nanoTime();
        return line -> {
            err.printf(java.util.Locale.ROOT, "[%6.1f s] %s%n", (System.nanoTime() - start) / 1e9, line);
            err.flush();
        };
    }

    /** A benchmark run whose exit code is its own; one that could not finish says why, with the trace. */
    interface Run {
        int measure() throws InterruptedException;
    }

    static int reporting(PrintWriter err, Run run) {
        try {
            return run.measure();
        } catch (RuntimeException e) {
            err.println("bench failed: " + e);
            e.printStackTrace(err);
            err.flush();
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("bench interrupted");
            err.flush();
            return 1;
        }
    }
}
