package io.meridian.cli;

import java.util.Locale;
import java.util.Map;

/** The counts of a window printed as {@link KafkaRequests} and {@link PostgresActivity} print theirs. */
final class GrownCounts {
    private GrownCounts() {
    }

    /**
     * The heading, then one line per count that grew from {@code before} to {@code now}: its name, the growth and the
     * growth per {@code count} with {@code decimals} digits; empty when nothing grew.
     */
    static String lines(String heading, Map<String, Long> now, Map<String, Long> before, long count, int decimals) {
        String line = "%n  %-60s %9d %8." + decimals + "f";
        StringBuilder out = new StringBuilder(heading);
        boolean any = false;
        for (Map.Entry<String, Long> entry : now.entrySet()) {
            long grown = entry.getValue() - before.getOrDefault(entry.getKey(), 0L);
            if (grown > 0) {
                any = true;
                out.append(String.format(Locale.ROOT, line, entry.getKey(), grown, grown / (double) count));
            }
        }
        return any ? out.toString() : "";
    }
}
