package io.meridian.bench.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The runtime JVM's cumulative JIT compilation time, as {@code meridian bench admission} writes it on the driver's
 * stdin once a second, one line {@code jit-ms <n>} each ({@code CompilationMXBean.getTotalCompilationTime()}).
 */
final class JitClock {
    static final String PREFIX = "jit-ms ";
    private volatile long millis = -1;

    private JitClock() {
    }

    static JitClock fromStdin() {
        JitClock clock = new JitClock();
        Thread reader = new Thread(() -> clock.readLines(System.in), "jit-clock");
        reader.setDaemon(true);
        reader.start();
        return clock;
    }

    private void readLines(InputStream in) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith(PREFIX)) {
                    millis = Long.parseLong(line.substring(PREFIX.length()).trim());
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
}
