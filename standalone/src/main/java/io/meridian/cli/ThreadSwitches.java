package io.meridian.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The context switches of this process's threads, read from Linux's {@code /proc/self/task}: how often the work hands
 * itself from thread to thread, a count that depends far less on the machine's speed of the moment than any duration
 * (docs/benchmarks.md, Issue 3, session 36). Threads are grouped by their kernel name (15 characters at most) with every
 * run of digits as {@code N}; a thread that ended between two snapshots is missing from the difference.
 */
public final class ThreadSwitches {
    /** One snapshot: per thread id, its group and its counts so far. */
    public record Snapshot(Map<String, Counts> threads) {
    }

    /** Voluntary (the thread waited) and involuntary (it was preempted) switches. */
    public record Counts(String group, long voluntary, long involuntary) {
    }

    /** The switches between two snapshots, in all and per group. */
    public record Difference(long voluntary, long involuntary, Map<String, Long> voluntaryByGroup) {
        /**
         * One JSON line, {@code {"bench":"<bench>-switches","<unit>s":…,"voluntary_per_<unit>":…,…}}: the totals per
         * {@code units} and the {@code groups} groups with the most voluntary switches.
         */
        public String json(String bench, String unit, long units, int groups) {
            double per = Math.max(units, 1);
            ObjectNode line = JSON.createObjectNode().put("bench", bench + "-switches").put(unit + "s", units)
                    .put("voluntary_per_" + unit, TopGroups.rounded(voluntary / per, 3))
                    .put("involuntary_per_" + unit, TopGroups.rounded(involuntary / per, 3));
            TopGroups.put(line.putObject("voluntary_by_group"), voluntaryByGroup, groups, per, 3);
            return line.toString();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path TASKS = Path.of("/proc/self/task");

    private ThreadSwitches() {
    }

    /** This process's threads now; empty where there is no {@code /proc} (not Linux). */
    public static Optional<Snapshot> now() {
        if (!Files.isDirectory(TASKS)) {
            return Optional.empty();
        }
        Map<String, Counts> threads = new HashMap<>();
        try (Stream<Path> tasks = Files.list(TASKS)) {
            tasks.forEach(task -> read(task).ifPresent(counts -> threads.put(task.getFileName().toString(), counts)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Optional.of(new Snapshot(threads));
    }

    /** What happened from {@code before} to {@code after}, over the threads alive at both. */
    public static Difference between(Snapshot before, Snapshot after) {
        long voluntary = 0;
        long involuntary = 0;
        Map<String, Long> byGroup = new LinkedHashMap<>();
        for (Map.Entry<String, Counts> thread : after.threads().entrySet()) {
            Counts earlier = before.threads().get(thread.getKey());
            if (earlier == null) {
                continue;
            }
            Counts later = thread.getValue();
            long waited = later.voluntary() - earlier.voluntary();
            voluntary += waited;
            involuntary += later.involuntary() - earlier.involuntary();
            byGroup.merge(later.group(), waited, Long::sum);
        }
        return new Difference(voluntary, involuntary, byGroup);
    }

    /** A thread that ends while it is read is skipped. */
    private static Optional<Counts> read(Path task) {
        try {
            String group = Files.readString(task.resolve("comm")).strip().replaceAll("\\d+", "N");
            long voluntary = -1;
            long involuntary = -1;
            for (String line : Files.readAllLines(task.resolve("status"))) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    voluntary = Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    involuntary = Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
                }
            }
            return voluntary < 0 || involuntary < 0 ? Optional.empty() : Optional.of(new Counts(group, voluntary, involuntary));
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
