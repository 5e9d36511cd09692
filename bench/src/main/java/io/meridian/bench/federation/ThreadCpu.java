package io.meridian.bench.federation;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time by group of threads (names with their numbers taken out): the Java threads as the JVM reports them, and
 * its own threads (garbage collection, JIT compilers) as Linux reports them. Unlike a sampling profiler, which takes a
 * few threads per interval, these are the threads' whole CPU times.
 */
final class ThreadCpu {
    private static final long TICK_NANOS = 10_000_000L;
    private final Map<String, Long> byGroup;

    private ThreadCpu(Map<String, Long> byGroup) {
        this.byGroup = byGroup;
    }

    static ThreadCpu take() {
        Map<String, Long> groups = new HashMap<>();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            long cpu = info == null ? -1 : threads.getThreadCpuTime(info.getThreadId());
            if (cpu > 0) {
                groups.merge(group(info.getThreadName()), cpu, Long::sum);
            }
        }
        vmThreads().forEach((name, cpu) -> groups.merge("(JVM) " + name, cpu, Long::sum));
        return new ThreadCpu(groups);
    }

    /** The groups that used the most CPU since {@code before}, with their share of the JVM's CPU. */
    String since(ThreadCpu before, long processCpuNanos, int top) {
        Map<String, Long> grown = new HashMap<>();
        byGroup.forEach((name, cpu) -> {
            long delta = cpu - before.byGroup.getOrDefault(name, 0L);
            if (delta > 0) {
                grown.put(name, delta);
            }
        });
        StringBuilder out = new StringBuilder("CPU by thread group (threads that ended meanwhile are missing):");
        grown.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(top)
                .forEach(e -> out.append(String.format(Locale.ROOT, "%n  %-60s %8.1f s %5.1f %%", e.getKey(),
                        e.getValue() / 1e9, 100.0 * e.getValue() / Math.max(1, processCpuNanos))));
        return out.toString();
    }

    private static String group(String threadName) {
        return threadName.replaceAll("\\d+", "N");
    }

    /** Garbage collector and compiler threads: not Java threads, so read from /proc (Linux only; else none). */
    private static Map<String, Long> vmThreads() {
        Map<String, Long> groups = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            tasks.forEach(task -> {
                try {
                    String name = Files.readString(task.resolve("comm")).trim();
                    if (name.startsWith("GC ") || name.startsWith("G1 ") || name.startsWith("C1 ")
                            || name.startsWith("C2 ") || name.startsWith("VM ")) {
                        groups.merge(group(name), ticks(Files.readString(task.resolve("stat"))), Long::sum);
                    }
                } catch (IOException | RuntimeException ended) {
                    // the thread ended while being read
                }
            });
        } catch (IOException notLinux) {
            return Map.of();
        }
        return groups;
    }

    /** utime + stime of a /proc stat line, in nanoseconds (fields 14 and 15, after the parenthesised name). */
    private static long ticks(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * TICK_NANOS;
    }
}
