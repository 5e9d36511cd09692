package io.meridian.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MemberReportsTest {
    private final MemberReports reports = new MemberReports();
    private final List<String> sent = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        reports.stop();
    }

    private MemberReports.Report report(String cluster, String kind, String version) {
        return new MemberReports.Report(cluster, kind, () -> sent.add(cluster + " " + kind + " " + version));
    }

    @Test
    void reportsQueuedBehindASlowOneCollapseIntoTheNewestInTheOrderTheNewestCame() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        reports.submit(new MemberReports.Report("m0", "heartbeat", () -> {
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sent.add("m0 heartbeat 1");
        }));
        reports.submit(report("m1", "heartbeat", "1"));
        reports.submit(report("m1", "capacity", "1"));
        reports.submit(report("m1", "heartbeat", "2"));
        release.countDown();

        await().atMost(Duration.ofSeconds(5)).until(() -> sent.size() == 3);
        assertThat(sent).containsExactly("m0 heartbeat 1", "m1 capacity 1", "m1 heartbeat 2");
    }

    @Test
    void aReportThatFailsDoesNotStopTheOnesAfterIt() {
        reports.submit(new MemberReports.Report("m1", "heartbeat", () -> {
            throw new IllegalStateException("deadline store down");
        }));
        reports.submit(report("m2", "heartbeat", "1"));

        await().atMost(Duration.ofSeconds(5)).until(() -> sent.contains("m2 heartbeat 1"));
    }
}
