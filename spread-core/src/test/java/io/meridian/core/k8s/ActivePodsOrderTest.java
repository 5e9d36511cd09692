package io.meridian.core.k8s;

import static io.meridian.core.k8s.TestPods.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ActivePodsOrderTest {
    private static final Instant T = Instant.parse("2024-06-01T12:00:00Z");

    private static List<String> deleteOrder(Pod... pods) {
        List<Pod> sorted = new ArrayList<>(List.of(pods));
        sorted.sort(ActivePodsOrder.DELETE_FIRST);
        return sorted.stream().map(Pods::name).toList();
    }

    @Test
    void unassignedPodIsDeletedBeforeAssignedOne() {
        assertThat(deleteOrder(pod("assigned").onNode("n").phase("Running").build(), pod("unassigned").phase("Running").build()))
                .containsExactly("unassigned", "assigned");
    }

    @Test
    void pendingGoesBeforeUnknownWhichGoesBeforeRunning() {
        assertThat(deleteOrder(pod("running").onNode("n").phase("Running").build(),
                pod("unknown").onNode("n").phase("Unknown").build(),
                pod("pending").onNode("n").phase("Pending").build()))
                .containsExactly("pending", "unknown", "running");
    }

    @Test
    void emptyPhaseRanksWithPending() {
        assertThat(deleteOrder(pod("running").onNode("n").phase("Running").build(), pod("empty").onNode("n").build()))
                .containsExactly("empty", "running");
    }

    @Test
    void notReadyPodIsDeletedBeforeReadyOne() {
        assertThat(deleteOrder(pod("ready").onNode("n").phase("Running").ready(T).build(),
                pod("not-ready").onNode("n").phase("Running").build()))
                .containsExactly("not-ready", "ready");
    }

    @Test
    void podReadyForAShorterTimeIsDeletedFirstAndUnknownReadyTimeFirstOfAll() {
        assertThat(deleteOrder(pod("long").onNode("n").phase("Running").ready(T.minusSeconds(100)).build(),
                pod("short").onNode("n").phase("Running").ready(T.minusSeconds(10)).build(),
                pod("unknown").onNode("n").phase("Running").ready(null).build()))
                .containsExactly("unknown", "short", "long");
    }

    @Test
    void podWithMoreRestartsIsDeletedFirst() {
        assertThat(deleteOrder(pod("few").onNode("n").restarts(1).build(), pod("many").onNode("n").restarts(5).restarts(0).build()))
                .containsExactly("many", "few");
    }

    @Test
    void newerPodIsDeletedFirstAndEmptyCreationTimeFirstOfAll() {
        assertThat(deleteOrder(pod("old").onNode("n").created(T.minusSeconds(100)).build(),
                pod("new").onNode("n").created(T.minusSeconds(1)).build(),
                pod("no-time").onNode("n").build()))
                .containsExactly("no-time", "new", "old");
    }

    @Test
    void podsThatTieKeepTheirOriginalOrder() {
        assertThat(deleteOrder(pod("b").onNode("n").build(), pod("a").onNode("n").build(), pod("c").onNode("n").build()))
                .containsExactly("b", "a", "c");
    }
}
