package io.meridian.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.concurrent.SynchronousQueue;
import org.junit.jupiter.api.Test;

class ThreadSwitchesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theDifferenceCountsOnlyThreadsAliveAtBothSnapshotsAndGroupsThemByName() {
        ThreadSwitches.Snapshot before = new ThreadSwitches.Snapshot(Map.of(
                "1", new ThreadSwitches.Counts("exec-N", 10, 1),
                "2", new ThreadSwitches.Counts("exec-N", 20, 2),
                "3", new ThreadSwitches.Counts("ended", 5, 5)));
        ThreadSwitches.Snapshot after = new ThreadSwitches.Snapshot(Map.of(
                "1", new ThreadSwitches.Counts("exec-N", 15, 1),
                "2", new ThreadSwitches.Counts("exec-N", 27, 4),
                "4", new ThreadSwitches.Counts("started", 100, 100)));

        ThreadSwitches.Difference difference = ThreadSwitches.between(before, after);

        assertThat(difference.voluntary()).isEqualTo(12);
        assertThat(difference.involuntary()).isEqualTo(2);
        assertThat(difference.voluntaryByGroup()).containsExactly(Map.entry("exec-N", 12L));
    }

    @Test
    void theJsonLineGivesTheSwitchesPerAdmission() throws Exception {
        ThreadSwitches.Difference difference = new ThreadSwitches.Difference(300, 50,
                Map.of("a", 200L, "b", 90L, "c", 10L));

        JsonNode line = JSON.readTree(difference.json("admission", "admission", 100, 2));

        assertThat(line.path("bench").asText()).isEqualTo("admission-switches");
        assertThat(line.path("voluntary_per_admission").asDouble()).isEqualTo(3.0);
        assertThat(line.path("involuntary_per_admission").asDouble()).isEqualTo(0.5);
        assertThat(line.path("voluntary_by_group").fieldNames()).toIterable().containsExactly("a", "b");
        assertThat(line.path("voluntary_by_group").path("b").asDouble()).isEqualTo(0.9);
    }

    @Test
    void theJsonLineNamesTheBenchAndTheUnitItCountsPer() throws Exception {
        ThreadSwitches.Difference difference = new ThreadSwitches.Difference(500, 40, Map.of("a", 500L));

        JsonNode line = JSON.readTree(difference.json("rebalance", "workload", 250, 8));

        assertThat(line.path("bench").asText()).isEqualTo("rebalance-switches");
        assertThat(line.path("workloads").asLong()).isEqualTo(250);
        assertThat(line.path("voluntary_per_workload").asDouble()).isEqualTo(2.0);
        assertThat(line.path("involuntary_per_workload").asDouble()).isEqualTo(0.16);
    }

    @Test
    void aThreadThatWaitsForAnotherOnEveryHandOffShowsAVoluntarySwitchForEach() throws Exception {
        assumeTrue(ThreadSwitches.now().isPresent(), "needs Linux's /proc");
        SynchronousQueue<Integer> handOff = new SynchronousQueue<>();
        Thread taker = new Thread(() -> {
            try {
                for (int i = 0; i <= 200; i++) {
                    handOff.take();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "switch-probe-1");
        taker.start();
        Thread.sleep(100); // the taker is waiting before the first snapshot
        ThreadSwitches.Snapshot before = ThreadSwitches.now().orElseThrow();

        for (int i = 0; i < 200; i++) {
            handOff.put(i);
            Thread.sleep(2);
        }
        ThreadSwitches.Snapshot after = ThreadSwitches.now().orElseThrow();
        handOff.put(200); // the last one lets it end, after the snapshot
        taker.join();

        // not exactly 200: a hand-off that finds the taker still spinning before it parks costs it no switch
        assertThat(ThreadSwitches.between(before, after).voluntaryByGroup().get("switch-probe-N")).isGreaterThanOrEqualTo(150L);
    }
}
