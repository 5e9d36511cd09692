package io.meridian.command.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Sends the heartbeat and capacity commands of the member clusters on a thread of their own, so the
 * cluster-events consumer goes on applying records while a report re-arms its deadline (a few
 * transactions of the persistent deadline store). Reports of one cluster and kind that queue up while
 * one is being sent collapse into the newest; reports go out in the order their newest version came.
 */
final class MemberReports {
    private static final Logger log = LoggerFactory.getLogger(MemberReports.class);

    /** A report of one cluster, sent as a command. */
    record Report(String cluster, String kind, Runnable send) {
    }

    private final Map<String, Report> pending = new LinkedHashMap<>();
    private final ExecutorService sender = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "member-reports");
        t.setDaemon(true);
        return t;
    });
    private boolean scheduled;

    /** Queues {@code report}, replacing a queued one of the same cluster and kind. */
    void submit(Report report) {
        synchronized (pending) {
            pending.remove(key(report));
            pending.put(key(report), report);
            if (scheduled) {
                return;
            }
            scheduled = true;
        }
        sender.execute(this::drain);
    }

    private void drain() {
        while (true) {
            Report next;
            synchronized (pending) {
                var first = pending.entrySet().iterator();
                if (!first.hasNext()) {
                    scheduled = false;
                    return;
                }
                next = first.next().getValue();
                first.remove();
            }
            send(next);
        }
    }

    private static void send(Report report) {
        MDC.put("cluster", report.cluster());
        try {
            report.send().run();
        } catch (RuntimeException e) {
            log.warn("{} of {} not recorded: {}", report.kind(), report.cluster(), e.toString());
        } finally {
            MDC.remove("cluster");
        }
    }

    private static String key(Report report) {
        return report.cluster() + "\n" + report.kind();
    }

    /** Stops after the report being sent; queued ones are dropped (the next start reports the newest again). */
    void stop() {
        sender.shutdownNow();
        try {
            sender.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
