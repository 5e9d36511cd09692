package io.meridian.standalone.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LiveDisplayTest {
    private static SpreadSnapshot snapshot() {
        Map<String, SpreadSnapshot.SubsetPods> subsets = new LinkedHashMap<>();
        subsets.put("ack", new SpreadSnapshot.SubsetPods(100, 0, 0, Map.of(100L, 100)));
        subsets.put("eci", new SpreadSnapshot.SubsetPods(25, 2, 3, Map.of(-100L, 30)));
        subsets.put(SpreadSnapshot.NO_SUBSET, new SpreadSnapshot.SubsetPods(0, 0, 0, Map.of()));
        return new SpreadSnapshot("member1", "deploy", "ws-demo", true, subsets);
    }

    @Test
    void theTableShowsEachSubsetWithItsPodsAndDeletionCosts() {
        assertThat(SpreadTable.render(snapshot())).containsExactly(
                "WorkloadSpread deploy/ws-demo in member1",
                "  subset        running  pending  creating  deletion cost",
                "  ack               100        0         0  100 x100",
                "  eci                25        2         3  -100 x30");
        assertThat(SpreadTable.render(SpreadSnapshot.missing("member1", "deploy", "ws"))).endsWith("  (not created yet)");
    }

    @Test
    void withoutATerminalEachStepIsALineFollowedByTheSpreads() {
        StringWriter text = new StringWriter();
        try (LiveDisplay display = new LiveDisplay(new PrintWriter(text), false, () -> List.of(snapshot()), 2)) {
            display.started("step 0", "scale Deployment deploy/web to 130");
            display.finished(new StepResult("step 0", "scale Deployment deploy/web to 130", true, Duration.ofMillis(40), null));
        }
        assertThat(text.toString()).isEqualTo("ok  step 0 scale Deployment deploy/web to 130 (40 ms)\n"
                + "    ws-demo: ack 100 running; eci 25 running, 2 pending, 3 creating\n");
        assertThat(text.toString()).doesNotContain("\u001b");
    }

    @Test
    void onATerminalTheTableAndProgressAreRedrawnInPlace() {
        StringWriter text = new StringWriter();
        try (LiveDisplay display = new LiveDisplay(new PrintWriter(text), true, () -> List.of(snapshot()), 4)) {
            display.started("step 1", "expect ws-demo subsets {ack: 100, eci: 30}");
            assertThat(display.progressLine()).startsWith("[" + ".".repeat(30) + "] 0/4  step 1 expect ws-demo subsets {ack: 100, eci: 30}");
            display.finished(new StepResult("step 1", "expect ws-demo subsets {ack: 100, eci: 30}", false, Duration.ofSeconds(60),
                    "saw {ack: 100, eci: 25}"));
            assertThat(display.progressLine()).startsWith("[" + "#".repeat(7) + ".".repeat(23) + "] 1/4");
        }
        String out = text.toString();
        assertThat(out).contains("FAIL step 1 expect ws-demo subsets {ack: 100, eci: 30} (60.0 s): saw {ack: 100, eci: 25}\n");
        assertThat(out).contains("\u001b[1A\u001b[2K");
        assertThat(out).endsWith("  eci                25        2         3  -100 x30\n");
    }
}
