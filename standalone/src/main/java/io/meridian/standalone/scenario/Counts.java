package io.meridian.standalone.scenario;

import java.util.Map;
import java.util.stream.Collectors;

/** How count maps are printed: {@code {ack: 100, eci: 30}}, in the order given. */
public final class Counts {
    private Counts() {
    }

    public static String format(Map<String, Integer> counts) {
        return counts.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
