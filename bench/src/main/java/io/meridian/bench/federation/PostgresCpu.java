package io.meridian.bench.federation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time of the PostgreSQL processes (server and backends), which the JVM's own CPU time leaves out although they
 * share its cores. The embedded server runs detached from the JVM, so this counts every process named
 * {@code postgres} on the machine, including what their exited backends used once reaped. Linux only; elsewhere zero.
 */
final class PostgresCpu {
    private static final long TICK_NANOS = 10_000_000L;

    private PostgresCpu() {
    }

    static long nanos() {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .mapToLong(PostgresCpu::ifPostgres).sum();
        } catch (IOException notLinux) {
            return 0;
        }
    }

    private static long ifPostgres(Path process) {
        try {
            String stat = Files.readString(process.resolve("stat"));
            String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
            if (!"postgres".equals(name)) {
                return 0;
            }
            // utime, stime, and the reaped children's cutime, cstime (fields 14-17)
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12]) + Long.parseLong(fields[13])
                    + Long.parseLong(fields[14])) * TICK_NANOS;
        } catch (IOException | RuntimeException ended) {
            return 0;
        }
    }
}
