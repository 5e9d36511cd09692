package io.meridian.core.karmada.rebalancer;

import static io.meridian.core.karmada.rebalancer.Fixtures.clusterRole;
import static io.meridian.core.karmada.rebalancer.Fixtures.deployment;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusMergeTest {
    private static LinkedHashSet<WorkloadReference> named(WorkloadReference... refs) {
        return new LinkedHashSet<>(List.of(refs));
    }

    @Test
    void workloadListedTwiceCollapsesIntoOneEntry() {
        WorkloadRebalancerSpec spec = WorkloadRebalancerSpec.of(List.of(deployment("a"), deployment("a")), null);
        List<ObservedWorkload> merged = StatusMerge.merge(List.of(), WorkloadSelection.union(spec, List.of()));
        assertThat(merged).containsExactly(ObservedWorkload.pending(deployment("a")));
    }

    @Test
    void entryStillNamedKeepsItsResultAndReason() {
        ObservedWorkload failed = ObservedWorkload.bindingNotFound(deployment("a"));
        assertThat(StatusMerge.merge(List.of(failed), named(deployment("a")))).containsExactly(failed);
    }

    @Test
    void successfulEntryRemovedFromSpecStays() {
        ObservedWorkload done = ObservedWorkload.successful(deployment("a"));
        assertThat(StatusMerge.merge(List.of(done), named(deployment("b"))))
                .containsExactly(done, ObservedWorkload.pending(deployment("b")));
    }

    @Test
    void pendingOrFailedEntryRemovedFromSpecDisappears() {
        List<ObservedWorkload> old = List.of(ObservedWorkload.pending(deployment("a")),
                ObservedWorkload.bindingNotFound(deployment("b")));
        assertThat(StatusMerge.merge(old, named(deployment("c"))))
                .containsExactly(ObservedWorkload.pending(deployment("c")));
    }

    @Test
    void modifiedReferenceCountsAsRemovalPlusAddition() {
        ObservedWorkload old = ObservedWorkload.bindingNotFound(deployment("a"));
        WorkloadReference renamed = new WorkloadReference("apps/v1", "Deployment", "other-ns", "a");
        assertThat(StatusMerge.merge(List.of(old), named(renamed))).containsExactly(ObservedWorkload.pending(renamed));
    }

    @Test
    void entriesSortByteWiseWithApiVersionFirst() {
        WorkloadReference core = new WorkloadReference("v1", "ConfigMap", "test-ns", "a");
        List<ObservedWorkload> merged = StatusMerge.merge(List.of(), named(core, clusterRole("r"), deployment("z")));
        assertThat(merged).extracting(ObservedWorkload::workload).containsExactly(deployment("z"), clusterRole("r"), core);
    }

    @Test
    void sortIsByteWiseSoUpperCaseComesBeforeLowerCase() {
        List<ObservedWorkload> merged = StatusMerge.merge(List.of(), named(deployment("b"), deployment("B"),
                deployment("a")));
        assertThat(merged).extracting(e -> e.workload().name()).containsExactly("B", "a", "b");
    }

    @Test
    void clusterScopedSortKeyHasTwoConsecutiveSpaces() {
        assertThat(clusterRole("r").sortKey()).isEqualTo("rbac.authorization.k8s.io/v1 ClusterRole  r");
    }
}
