package io.meridian.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** A benchmark line's per-group counts: the groups with the most, largest first, each divided by the line's units. */
final class TopGroups {
    private TopGroups() {
    }

    /** Puts the {@code groups} largest of {@code counts} into {@code into}, each divided by {@code per}. */
    static void put(ObjectNode into, Map<String, Long> counts, int groups, double per, int decimals) {
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(groups)
                .forEach(group -> into.put(group.getKey(), rounded(group.getValue() / per, decimals)));
    }

    static double rounded(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
