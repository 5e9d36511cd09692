package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class ThreadAllocationsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theDifferenceCountsOnlyThreadsAliveAtBothSnapshotsAndGroupsThemByName() {
        ThreadAllocations.Snapshot before = new ThreadAllocations.Snapshot(Map.of(
                1L, new ThreadAllocations.Allocated("exec-N", 1_000),
                2L, new ThreadAllocations.Allocated("exec-N", 2_000),
                3L, new ThreadAllocations.Allocated("ended", 5_000)));
        ThreadAllocations.Snapshot after = new ThreadAllocations.Snapshot(Map.of(
                1L, new ThreadAllocations.Allocated("exec-N", 1_500),
                2L, new ThreadAllocations.Allocated("exec-N", 2_700),
                4L, new ThreadAllocations.Allocated("started", 9_000)));

        ThreadAllocations.Difference difference = ThreadAllocations.between(before, after);

        assertThat(difference.bytes()).isEqualTo(1_200);
        assertThat(difference.bytesByGroup()).containsExactly(Map.entry("exec-N", 1_200L));
    }

    @Test
    void theJsonLineGivesTheKilobytesPerUnitAndTheGroupsThatAllocatedMost() throws Exception {
        ThreadAllocations.Difference difference = new ThreadAllocations.Difference(307_200,
                Map.of("a", 204_800L, "b", 92_160L, "c", 10_240L));

        JsonNode line = JSON.readTree(difference.json("admission", "admission", 100, 2));

        assertThat(line.path("bench").asText()).isEqualTo("admission-allocation");
        assertThat(line.path("admissions").asLong()).isEqualTo(100);
        assertThat(line.path("kb_per_admission").asDouble()).isEqualTo(3.0);
        assertThat(line.path("kb_by_group").fieldNames()).toIterable().containsExactly("a", "b");
        assertThat(line.path("kb_by_group").path("b").asDouble()).isEqualTo(0.9);
    }

    @Test
    void aThreadThatAllocatesAMegabyteShowsAtLeastThatInItsGroup() throws Exception {
        assumeTrue(ThreadAllocations.now().isPresent(), "needs a JVM that counts allocations per thread");
        CountDownLatch snapshotTaken = new CountDownLatch(1);
        CountDownLatch allocated = new CountDownLatch(1);
        CountDownLatch counted = new CountDownLatch(1);
        List<byte[]> kept = new ArrayList<>();
        Thread allocator = new Thread(() -> {
            try {
                snapshotTaken.await();
                for (int i = 0; i < 16; i++) {
                    kept.add(new byte[64 * 1024]);
                }
                allocated.countDown();
                counted.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "allocation-probe-7");
        allocator.start();
        Thread.sleep(50); // the thread is alive at the first snapshot
        ThreadAllocations.Snapshot before = ThreadAllocations.now().orElseThrow();
        snapshotTaken.countDown();
        allocated.await();
        ThreadAllocations.Snapshot after = ThreadAllocations.now().orElseThrow();
        counted.countDown();
        allocator.join();

        assertThat(ThreadAllocations.between(before, after).bytesByGroup().get("allocation-probe-N"))
                .isGreaterThanOrEqualTo(16L * 64 * 1024);
        assertThat(kept).hasSize(16);
    }
}
