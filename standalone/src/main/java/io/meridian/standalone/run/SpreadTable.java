package io.meridian.standalone.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A WorkloadSpread's subsets as a text table: running, pending, creating and the pods' deletion costs. */
public final class SpreadTable {
    private SpreadTable() {
    }

    public static List<String> render(SpreadSnapshot snapshot) {
        List<String> lines = new ArrayList<>();
        lines.add("WorkloadSpread " + snapshot.namespace() + "/" + snapshot.name() + " in " + snapshot.cluster());
        if (!snapshot.found()) {
            lines.add("  (not created yet)");
            return lines;
        }
        int width = Math.max(12, snapshot.counts().keySet().stream().mapToInt(String::length).max().orElse(0) + 2);
        lines.add(String.format(Locale.ROOT, "  %-" + width + "s %8s %8s %9s  %s", "subset", "running", "pending", "creating",
                "deletion cost"));
        snapshot.subsets().forEach((subset, pods) -> {
            if (SpreadSnapshot.NO_SUBSET.equals(subset) && pods.total() == 0) {
                return;
            }
            lines.add(String.format(Locale.ROOT, "  %-" + width + "s %8d %8d %9d  %s", subset, pods.running(), pods.pending(),
                    pods.creating(), pods.costs().isEmpty() ? "-" : pods.costs()));
        });
        return lines;
    }

    /** One line for output that is not a terminal: {@code ws-demo: ack 100 (0 pending, 0 creating), eci 30 (...)}. */
    public static String line(SpreadSnapshot snapshot) {
        if (!snapshot.found()) {
            return snapshot.name() + ": not created yet";
        }
        List<String> parts = new ArrayList<>();
        snapshot.subsets().forEach((subset, pods) -> {
            if (!SpreadSnapshot.NO_SUBSET.equals(subset) || pods.total() > 0) {
                parts.add(subset + " " + pods.running() + " running" + (pods.pending() > 0 ? ", " + pods.pending() + " pending" : "")
                        + (pods.creating() > 0 ? ", " + pods.creating() + " creating" : ""));
            }
        });
        return snapshot.name() + ": " + String.join("; ", parts);
    }
}
