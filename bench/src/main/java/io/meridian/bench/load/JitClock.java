package io.meridian.bench.load;

import io.meridian.cli.AdmissionBenchCommand;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What {@code meridian bench admission} writes on the driver's stdin: the runtime JVM's cumulative JIT compilation time
 * once a second, one line {@code jit-ms <n>} each ({@code CompilationMXBean.getTotalCompilationTime()}), and
 * {@code window-open} once it has taken its counts at the measured window's start.
 */
final class JitClock {
    static final String PREFIX = "jit-ms ";
    private volatile long millis = -1;
    private final CountDownLatch windowOpen = new CountDownLatch(1);

    JitClock() {
    }

    static JitClock fromStdin() {
        JitClock clock = new JitClock();
        Thread reader = new Thread(() -> clock.readLines(System.in), "jit-clock");
        reader.setDaemon(true);
        reader.start();
        return clock;
    }

    void readLines(InputStream in) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith(PREFIX)) {
                    millis = Long.parseLong(line.substring(PREFIX.length()).trim());
                } else if (line.equals(AdmissionBenchCommand.WINDOW_OPEN)) {
                    windowOpen.countDown();
                }
            }
        } catch (IOException | NumberFormatException e) {
            AdmissionLoad.progress("jit clock: stopped reading stdin (%s)", e);
        }
    }

    /** The last time reported, or -1 when none came yet. */
    long millis() {
        return millis;
    }

    /** Waits until the runtime said it took its counts at the window's start; false when it did not say so in time. */
    boolean awaitWindowOpen(Duration within) throws InterruptedException {
        return windowOpen.await(within.toMillis(), TimeUnit.MILLISECONDS);
    }
}
