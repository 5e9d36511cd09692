package io.meridian.standalone.scenario;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as scenarios write them: a number and a unit, {@code 500ms}, {@code 60s}, {@code 1.5m}, {@code 2h}. */
public final class Durations {
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private Durations() {
    }

    public static Optional<Duration> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORMAT.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        BigDecimal amount = new BigDecimal(m.group(1));
        long millisPerUnit = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        return Optional.of(Duration.ofMillis(amount.multiply(BigDecimal.valueOf(millisPerUnit)).longValue()));
    }

    /** {@code 12.4 s}, {@code 350 ms}, {@code 2 m 5 s}. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1_000) {
            return millis + " ms";
        }
        if (millis < 120_000) {
            return String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return (millis / 60_000) + " m " + (millis % 60_000) / 1000 + " s";
    }
}
