package io.meridian.bench.federation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The whole machine's CPU time from {@code /proc/stat}: how busy its cores were in a window, and how much of it the
 * hypervisor took for other guests (steal). A window whose stages all slowed at once with steal in it was the host's,
 * not ours. Linux only; elsewhere all zero.
 */
record MachineCpu(long busyTicks, long idleTicks, long stealTicks) {
    /** USER_HZ: the kernel reports these times in hundredths of a second. */
    private static final double TICKS_PER_SECOND = 100.0;

    static MachineCpu take() {
        try {
            return parse(Files.readAllLines(Path.of("/proc/stat")).get(0));
        } catch (IOException | RuntimeException notLinux) {
            return new MachineCpu(0, 0, 0);
        }
    }

    /** The first line of /proc/stat: {@code cpu user nice system idle iowait irq softirq steal guest guest_nice}. */
    static MachineCpu parse(String line) {
        String[] f = line.trim().split("\\s+");
        long user = Long.parseLong(f[1]);
        long nice = Long.parseLong(f[2]);
        long system = Long.parseLong(f[3]);
        long idle = Long.parseLong(f[4]);
        long iowait = Long.parseLong(f[5]);
        long irq = Long.parseLong(f[6]);
        long softirq = Long.parseLong(f[7]);
        long steal = f.length > 8 ? Long.parseLong(f[8]) : 0;
        return new MachineCpu(user + nice + system + irq + softirq, idle + iowait, steal);
    }

    String since(MachineCpu before) {
        double busy = (busyTicks - before.busyTicks) / TICKS_PER_SECOND;
        double idle = (idleTicks - before.idleTicks) / TICKS_PER_SECOND;
        double steal = (stealTicks - before.stealTicks) / TICKS_PER_SECOND;
        double all = busy + idle + steal;
        return String.format(Locale.ROOT, "machine CPU (/proc/stat, every core): busy %.1f s, idle %.1f s, stolen by the host "
                + "%.1f s (%.1f %% busy)", busy, idle, steal, all == 0 ? 0 : 100 * busy / all);
    }
}
