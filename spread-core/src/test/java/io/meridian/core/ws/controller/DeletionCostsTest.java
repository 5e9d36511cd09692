package io.meridian.core.ws.controller;

import static io.meridian.core.k8s.TestPods.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.Pods;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeletionCostsTest {
    private static List<Integer> costs(List<PodCost> costs) {
        return costs.stream().map(PodCost::cost).toList();
    }

    private static List<Pod> scheduled(int count) {
        return java.util.stream.IntStream.range(0, count).mapToObj(i -> pod("p" + i).onNode("n").phase("Running").build()).toList();
    }

    @Test
    void podsWithinMaxReplicasGetThePositiveCostOfTheirSubset() {
        assertThat(costs(DeletionCosts.ofSubset(3, 0, new IntOrString(5), 10, scheduled(3)))).containsExactly(300, 300, 300);
        assertThat(costs(DeletionCosts.ofSubset(3, 2, new IntOrString(5), 10, scheduled(2)))).containsExactly(100, 100);
    }

    @Test
    void unlimitedSubsetNeverHasOverflow() {
        assertThat(costs(DeletionCosts.ofSubset(2, 1, null, 10, scheduled(20)))).containsOnly(100);
    }

    @Test
    void podsAboveMaxReplicasGetNegativeCostInActivePodsOrder() {
        Pod running = pod("running").onNode("n").phase("Running").build();
        Pod pending = pod("pending").onNode("n").phase("Pending").build();
        Pod unassigned = pod("unassigned").build();
        List<PodCost> costs = DeletionCosts.ofSubset(2, 1, new IntOrString(1), 10, List.of(running, pending, unassigned));
        assertThat(costs).extracting(c -> Pods.name(c.pod()), PodCost::cost).containsExactly(
                org.assertj.core.groups.Tuple.tuple("running", 100),
                org.assertj.core.groups.Tuple.tuple("pending", -200),
                org.assertj.core.groups.Tuple.tuple("unassigned", -200));
    }

    @Test
    void percentageMaxIsRoundedUpAgainstWorkloadReplicas() {
        // 30% of 5 is 1.5, rounded up to 2: one of three pods overflows
        assertThat(costs(DeletionCosts.ofSubset(1, 0, new IntOrString("30%"), 5, scheduled(3)))).containsExactly(-100, 100, 100);
    }

    @Test
    void unscalableOrNegativeMaxSkipsTheSubset() {
        assertThat(DeletionCosts.ofSubset(1, 0, new IntOrString("abc"), 5, scheduled(3))).isEmpty();
        assertThat(DeletionCosts.ofSubset(1, 0, new IntOrString(-1), 5, scheduled(3))).isEmpty();
    }

    @Test
    void inactivePodsAreLeftAlone() {
        List<Pod> pods = List.of(pod("done").phase("Succeeded").build(), pod("failed").phase("Failed").build(),
                pod("going").onNode("n").terminating(Instant.EPOCH).build(), pod("live").onNode("n").build());
        assertThat(DeletionCosts.ofSubset(1, 0, new IntOrString(1), 5, pods)).extracting(c -> Pods.name(c.pod())).containsExactly("live");
    }

    @Test
    void fakeSubsetPodsGetTheLowestCost() {
        assertThat(costs(DeletionCosts.ofFakeSubset(3, scheduled(2)))).containsExactly(-400, -400);
    }

    @Test
    void olderVersionsReverseTheSubsetIndex() {
        assertThat(DeletionCosts.effectiveIndex(0, 3, true)).isZero();
        assertThat(DeletionCosts.effectiveIndex(0, 3, false)).isEqualTo(2);
        assertThat(DeletionCosts.effectiveIndex(2, 3, false)).isZero();
    }

    @Test
    void anUnchangedValueIsNotPatched() {
        Pod pod = pod("p").annotation(DeletionCosts.ANNOTATION, "100").build();
        assertThat(DeletionCosts.patchFor(pod, 100)).isEmpty();
        assertThat(DeletionCosts.patchFor(pod, 200)).contains(new DeletionCostPatch("p", "200"));
    }

    @Test
    void zeroIsNotWrittenOnAPodWithoutTheAnnotation() {
        assertThat(DeletionCosts.patchFor(pod("p").build(), 0)).isEmpty();
        assertThat(DeletionCosts.patchFor(pod("p").annotation(DeletionCosts.ANNOTATION, "5").build(), 0))
                .contains(new DeletionCostPatch("p", "0"));
    }

    @Test
    void minimumHoldersAreThePodsBestKeptPreferringTheLatestVersion() {
        Pod oldReady = pod("old-ready").onNode("n").phase("Running").ready(Instant.EPOCH).label("v", "old").build();
        Pod newPending = pod("new-pending").onNode("n").phase("Pending").label("v", "new").build();
        Pod newRunning = pod("new-running").onNode("n").phase("Running").label("v", "new").build();
        List<Pod> holders = DeletionCosts.minimumHolders(List.of(oldReady, newPending, newRunning), 2,
                p -> "new".equals(Pods.labels(p).get("v")));
        assertThat(holders).extracting(Pods::name).containsExactlyInAnyOrder("new-running", "new-pending");
    }

    @Test
    void aSubsetBelowItsMinimumIsHeldWhole() {
        assertThat(DeletionCosts.minimumHolders(scheduled(2), 5, p -> true)).hasSize(2);
        assertThat(DeletionCosts.minimumHolders(scheduled(2), 0, p -> true)).isEmpty();
    }
}
