package io.meridian.standalone.run;

import io.meridian.standalone.scenario.Durations;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The demo's display. On a terminal: finished steps scroll above a table per WorkloadSpread and a progress
 * line, both redrawn in place (plain ANSI: cursor up, erase line) a few times a second. Elsewhere: one line
 * per finished step followed by one line per spread.
 */
public final class LiveDisplay implements ScenarioRunner.Listener, AutoCloseable {
    private static final String ERASE_LINE = "\u001b[2K";
    private final PrintWriter out;
    private final boolean terminal;
    private final Supplier<List<SpreadSnapshot>> spreads;
    private final int totalSteps;
    private final Thread refresher;
    private int drawnLines;
    private int stepsDone;
    private String current = "starting";
    private long currentSince = System.nanoTime();
    private volatile boolean closed;

    public LiveDisplay(PrintWriter out, boolean terminal, Supplier<List<SpreadSnapshot>> spreads, int totalSteps) {
        this.out = out;
        this.terminal = terminal;
        this.spreads = spreads;
        this.totalSteps = totalSteps;
        this.refresher = new Thread(this::refreshLoop, "meridian-demo-display");
        this.refresher.setDaemon(true);
        if (terminal) {
            refresher.start();
        }
    }

    /** Whether this process writes to a terminal that understands ANSI cursor movement. */
    public static boolean isTerminal() {
        String term = System.getenv("TERM");
        return System.console() != null && term != null && !term.isEmpty() && !"dumb".equals(term);
    }

    @Override
    public synchronized void started(String label, String description) {
        current = label + " " + description;
        currentSince = System.nanoTime();
        if (terminal) {
            redraw();
        }
    }

    @Override
    public synchronized void finished(StepResult result) {
        stepsDone++;
        if (terminal) {
            erase();
            out.println(result.line());
            redraw();
        } else {
            out.println(result.line());
            snapshots().forEach(s -> out.println("    " + SpreadTable.line(s)));
            out.flush();
        }
    }

    /** Draws the final table without a progress line and stops refreshing. */
    @Override
    public synchronized void close() {
        closed = true;
        refresher.interrupt();
        if (terminal) {
            erase();
            frame(false).forEach(out::println);
            out.flush();
        }
    }

    private void refreshLoop() {
        while (!closed) {
            try {
                Thread.sleep(400);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                if (!closed) {
                    redraw();
                }
            }
        }
    }

    private void redraw() {
        erase();
        List<String> lines = frame(true);
        lines.forEach(out::println);
        drawnLines = lines.size();
        out.flush();
    }

    private List<String> frame(boolean withProgress) {
        List<String> lines = new ArrayList<>();
        for (SpreadSnapshot snapshot : snapshots()) {
            lines.addAll(SpreadTable.render(snapshot));
        }
        if (withProgress) {
            lines.add(progressLine());
        }
        return lines;
    }

    String progressLine() {
        int width = 30;
        int filled = totalSteps == 0 ? width : Math.min(width, stepsDone * width / totalSteps);
        return "[" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + stepsDone + "/" + totalSteps + "  " + current
                + "  " + Durations.format(Duration.ofNanos(System.nanoTime() - currentSince));
    }

    private List<SpreadSnapshot> snapshots() {
        try {
            return spreads.get();
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private void erase() {
        for (int i = 0; i < drawnLines; i++) {
            out.print("\u001b[1A" + ERASE_LINE);
        }
        out.print("\r" + ERASE_LINE);
        drawnLines = 0;
    }
}
