package io.meridian.core.ws.controller;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.meridian.core.k8s.TestPods;
import io.meridian.core.ws.MatchedWorkloadSpread;
import io.meridian.core.ws.PodVersions;
import io.meridian.core.ws.WorkloadReplicas;
import io.meridian.core.ws.model.SubsetStatus;
import io.meridian.core.ws.model.TargetFilter;
import io.meridian.core.ws.model.TargetReference;
import io.meridian.core.ws.model.WorkloadSpread;
import io.meridian.core.ws.model.WorkloadSpreadSpec;
import io.meridian.core.ws.model.WorkloadSpreadStatus;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import static io.meridian.core.ws.controller.Fixtures.NOW;
import static io.meridian.core.ws.controller.Fixtures.costAfter;
import static io.meridian.core.ws.controller.Fixtures.inSubset;
import static io.meridian.core.ws.controller.Fixtures.input;
import static io.meridian.core.ws.controller.Fixtures.row;
import static io.meridian.core.ws.controller.Fixtures.spread;
import static io.meridian.core.ws.controller.Fixtures.subset;
import static io.meridian.core.ws.controller.Fixtures.sync;
import static org.assertj.core.api.Assertions.assertThat;

class WorkloadSpreadSyncTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Node NODE = new NodeBuilder().withNewMetadata().withName("node-1").endMetadata().build();

    private static SubsetStatus onlyRow(SyncDecision d) {
        return d.status().subsetStatuses().get(0);
    }

    @Test
    void activePodsFillTheSubsetAndLowerMissingReplicas() {
        SyncDecision d = sync(input(spread(List.of(subset("a", 5))), 10, List.of(
                inSubset("p0", "a").build(), inSubset("p1", "a").phase("Succeeded").build())));
        assertThat(onlyRow(d).replicas()).isEqualTo(1);
        assertThat(onlyRow(d).missingReplicas()).isEqualTo(4);
    }

    @Test
    void unlimitedSubsetReportsMinusOne() {
        SyncDecision d = sync(input(spread(List.of(subset("a", null))), 10, List.of(inSubset("p0", "a").build())));
        assertThat(onlyRow(d).missingReplicas()).isEqualTo(-1);
    }

    @Test
    void aSeenPodClearsItsCreatingRecordByNameOrByAnnotationUid() {
        Pod unnamed = inSubset("generated-x", "a").annotation(MatchedWorkloadSpread.ANNOTATION,
                new MatchedWorkloadSpread("ws", "a", "uid-1").toAnnotationValue()).build();
        WorkloadSpread ws = spread(Fixtures.CLONESET, List.of(subset("a", 5)), null, Fixtures.statusOf(
                row("a", Map.of("p0", NOW.minusSeconds(3), "uid-1", NOW.minusSeconds(3)), Map.of())));
        SyncDecision d = sync(input(ws, 10, List.of(inSubset("p0", "a").build(), unnamed)));
        assertThat(onlyRow(d).creatingPods()).isEmpty();
        assertThat(onlyRow(d).missingReplicas()).isEqualTo(3);
    }

    @Test
    void aPendingCreatingRecordHoldsQuotaAndRequeuesForItsTimeout() {
        WorkloadSpread ws = spread(Fixtures.CLONESET, List.of(subset("a", 5)), null,
                Fixtures.statusOf(row("a", Map.of("coming", NOW.minusSeconds(2)), Map.of())));
        SyncDecision d = sync(input(ws, 10, List.of()));
        assertThat(onlyRow(d).creatingPods()).containsKey("coming");
        assertThat(onlyRow(d).missingReplicas()).isEqualTo(4);
        assertThat(d.requeueAfter()).contains(Duration.ofSeconds(28));
    }

    @Test
    void aCreatingRecordOlderThanThirtySecondsIsDroppedWithAnEvent() {
        WorkloadSpread ws = spread(Fixtures.CLONESET, List.of(subset("a", 5)), null,
                Fixtures.statusOf(row("a", Map.of("lost", NOW.minusSeconds(31)), Map.of())));
        SyncDecision d = sync(input(ws, 10, List.of()));
        assertThat(onlyRow(d).creatingPods()).isEmpty();
        assertThat(d.events()).extracting(ControllerEvent::reason, ControllerEvent::object)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("CreatePodFailed", "lost"));
        assertThat(d.requeueAfter()).isEmpty();
    }

    @Test
    void aDeletingRecordGivesItsQuotaBackUntilFifteenSecondsPass() {
        WorkloadSpread ws = spread(Fixtures.CLONESET, List.of(subset("a", 2)), null,
                Fixtures.statusOf(row("a", Map.of(), Map.of("p0", NOW.minusSeconds(3), "p1", NOW.minusSeconds(16)))));
        SyncDecision d = sync(input(ws, 10, List.of(inSubset("p0", "a").build(), inSubset("p1", "a").build())));
        assertThat(onlyRow(d).deletingPods()).containsOnlyKeys("p0");
        assertThat(onlyRow(d).missingReplicas()).isEqualTo(1);
        assertThat(d.events()).extracting(ControllerEvent::reason).containsExactly("DeletePodFailed");
        assertThat(d.requeueAfter()).contains(Duration.ofSeconds(12));
    }

    @Test
    void theShortestPendingDurationWins() {
        WorkloadSpread ws = spread(Fixtures.CLONESET, List.of(subset("a", 5)), null, Fixtures.statusOf(
                row("a", Map.of("c", NOW.minusSeconds(2)), Map.of("p0", NOW.minusSeconds(1)))));
        SyncDecision d = sync(input(ws, 10, List.of(inSubset("p0", "a").build())));
        assertThat(d.requeueAfter()).contains(Duration.ofSeconds(14));
    }

    @Test
    void anUnscalableMaxReplicasLeavesNoRows() {
        WorkloadSpreadSubset broken = new WorkloadSpreadSubset("a", null, null, null, new IntOrString("x%"), null, null);
        SyncDecision d = sync(input(spread(List.of(broken)), 10, List.of(inSubset("p0", "a").build())));
        assertThat(d.status().subsetStatuses()).isEmpty();
        assertThat(d.status().versionedSubsetStatuses().get(PodVersions.VERSION_IGNORED)).isEmpty();
    }

    @Test
    void rowsFollowTheSpecOrderAndKeepDataOfReorderedSubsets() {
        WorkloadSpread ws = spread(Fixtures.CLONESET, List.of(subset("b", 5), subset("a", 5)), null,
                Fixtures.statusOf(row("a", Map.of("c", NOW.minusSeconds(1)), Map.of()), row("b", Map.of(), Map.of())));
        SyncDecision d = sync(input(ws, 10, List.of()));
        assertThat(d.status().subsetStatuses()).extracting(SubsetStatus::name).containsExactly("b", "a");
        assertThat(d.status().subsetStatuses().get(1).creatingPods()).containsKey("c");
    }

    @Test
    void anUnchangedStatusIsNotWritten() {
        SyncDecision first = sync(input(spread(List.of(subset("a", 5))), 10, List.of(inSubset("p0", "a").build())));
        WorkloadSpread again = spread(Fixtures.CLONESET, List.of(subset("a", 5)), null, first.status());
        SyncDecision second = sync(input(again, 10, List.of(inSubset("p0", "a").build())));
        assertThat(first.statusChanged()).isTrue();
        assertThat(second.statusChanged()).isFalse();
    }

    @Test
    void theListingOrderOfPodsDoesNotChangeTheDecision() {
        List<Pod> pods = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            pods.add(inSubset("p" + i, i % 2 == 0 ? "a" : "b").build());
        }
        WorkloadSpread ws = spread(List.of(subset("a", 2), subset("b", 1)));
        SyncDecision forward = sync(input(ws, 10, pods));
        List<Pod> reversed = new ArrayList<>(pods);
        Collections.reverse(reversed);
        assertThat(sync(input(ws, 10, reversed))).isEqualTo(forward);
    }

    @Test
    void podsAreNotCollectedForAMissingWorkload() {
        SyncInput in = new SyncInput(spread(List.of(subset("a", 5))), TargetWorkload.missing(),
                List.of(inSubset("p0", "a").build()), List.of(), NOW, PodVersions.DEFAULT_ENABLED_KINDS, Optional.empty());
        SyncDecision d = sync(in);
        assertThat(onlyRow(d).replicas()).isZero();
        assertThat(d.deletionCostPatches()).isEmpty();
    }

    @Test
    void podsAreNotCollectedForABuiltInWorkloadScaledToZero() {
        SyncDecision d = sync(input(spread(List.of(subset("a", 5))), 0, List.of(inSubset("p0", "a").build())));
        assertThat(onlyRow(d).replicas()).isZero();
    }

    @Test
    void aJobWithZeroParallelismStillHasItsPodsCounted() {
        TargetReference job = new TargetReference("batch/v1", "Job", "workload");
        SyncDecision d = sync(input(spread(job, List.of(subset("a", 5)), null, WorkloadSpreadStatus.EMPTY), 0,
                List.of(inSubset("p0", "a").build())));
        assertThat(onlyRow(d).replicas()).isEqualTo(1);
    }

    @Test
    void aCustomWorkloadWithoutReplicasStillHasItsPodsCounted() {
        TargetReference custom = new TargetReference("mock.io/v1", "GameServerSet", "workload");
        SyncDecision d = sync(input(spread(custom, List.of(subset("a", 5)), null, WorkloadSpreadStatus.EMPTY), 0,
                List.of(inSubset("p0", "a").build())));
        assertThat(onlyRow(d).replicas()).isEqualTo(1);
    }

    @Test
    void targetFilterSelectorKeepsOnlyMatchingPods() {
        WorkloadSpread ws = new WorkloadSpread("default", "ws", "uid", Map.of(), 1L, new WorkloadSpreadSpec(Fixtures.CLONESET,
                new TargetFilter(new LabelSelectorBuilder().withMatchLabels(Map.of("keep", "yes")).build(), List.of()),
                List.of(subset("a", 5)), null), WorkloadSpreadStatus.EMPTY);
        SyncDecision d = sync(input(ws, 10, List.of(inSubset("p0", "a").label("keep", "yes").build(), inSubset("p1", "a").build())));
        assertThat(onlyRow(d).replicas()).isEqualTo(1);
    }

    @Test
    void filterReplicaPathsWinOverTheWhitelistWhichWinsOverSpecReplicas() {
        var object = JSON.createObjectNode();
        object.with("spec").put("replicas", 10).put("other", 4);
        TargetWorkload workload = new TargetWorkload(true, 10, object, null);
        Optional<WhitelistEntry> entry = Optional.of(new WhitelistEntry("spec.other"));
        assertThat(WorkloadReplicas.resolve(new TargetFilter(null, List.of("spec.other", "spec.other")), workload.object(), entry.map(WhitelistEntry::replicasPath), workload.specReplicas()).replicas())
                .isEqualTo(8);
        assertThat(WorkloadReplicas.resolve(null, workload.object(), entry.map(WhitelistEntry::replicasPath), workload.specReplicas()).replicas()).isEqualTo(4);
        assertThat(WorkloadReplicas.resolve(null, workload.object(), Optional.of(""), workload.specReplicas()).replicas()).isZero();
        assertThat(WorkloadReplicas.resolve(null, workload.object(), Optional.empty(), workload.specReplicas()).replicas()).isEqualTo(10);
    }

    @Test
    void anUnreadableReplicaPathFailsTheSync() {
        WorkloadSpread ws = new WorkloadSpread("default", "ws", "uid", Map.of(), 1L, new WorkloadSpreadSpec(Fixtures.CLONESET,
                new TargetFilter(null, List.of("spec.nothing")), List.of(subset("a", 5)), null), WorkloadSpreadStatus.EMPTY);
        assertThat(new WorkloadSpreadSync(Fixtures.LABELS_ONLY).sync(input(ws, 10, List.of()))).isInstanceOf(SyncFailure.class);
    }

    // ---- deletion cost in the sync --------------------------------------------------------------

    @Test
    void earlierSubsetsCostMoreAndOverflowCostsLess() {
        List<Pod> pods = List.of(inSubset("a0", "a").build(), inSubset("a1", "a").build(), inSubset("b0", "b").build());
        SyncDecision d = sync(input(spread(List.of(subset("a", 1), subset("b", null))), 10, pods));
        assertThat(pods).extracting(p -> costAfter(d, p)).containsExactly("-100", "200", "100");
    }

    @Test
    void annotatedPodOfARemovedSubsetGoesToTheFakeSubset() {
        Pod orphan = inSubset("p0", "gone").build();
        SyncDecision d = sync(input(spread(List.of(subset("a", 5), subset("b", 5))), 10, List.of(orphan)));
        assertThat(costAfter(d, orphan)).isEqualTo("-300");
        assertThat(d.status().subsetStatuses()).allMatch(r -> r.replicas() == 0);
    }

    @Test
    void deletionCostIsOnlyWrittenForReplicaSetDeploymentAndCloneSet() {
        TargetReference statefulSet = new TargetReference("apps/v1", "StatefulSet", "workload");
        SyncDecision d = sync(input(spread(statefulSet, List.of(subset("a", 5)), null, WorkloadSpreadStatus.EMPTY), 10,
                List.of(inSubset("p0", "a").build())));
        assertThat(d.deletionCostPatches()).isEmpty();
    }

    @Test
    void olderVersionsUseTheReversedSubsetIndex() {
        Pod oldPod = inSubset("old", "a").label(PodVersions.POD_TEMPLATE_HASH, "v1").build();
        Pod newPod = inSubset("new", "a").label(PodVersions.POD_TEMPLATE_HASH, "v2").build();
        SyncDecision d = sync(Fixtures.versioned(spread(List.of(subset("a", 5), subset("b", 5))), 10, List.of(oldPod, newPod), "v2"));
        assertThat(costAfter(d, newPod)).isEqualTo("200");
        assertThat(costAfter(d, oldPod)).isEqualTo("100");
        assertThat(d.status().versionedSubsetStatuses()).containsOnlyKeys("v1", "v2");
    }

    @Test
    void podsHoldingASubsetAtItsMinimumCostMostOfAll() {
        List<Pod> pods = List.of(inSubset("a0", "a").build(), inSubset("b0", "b").build(), inSubset("b1", "b").build());
        SyncDecision d = sync(input(spread(List.of(subset("a", 5), Fixtures.subsetWithMin("b", 5, 1))), 10, pods));
        assertThat(pods).extracting(p -> costAfter(d, p)).containsExactly("200", "100", "300");
    }

    @Test
    void aMinimumHolderKeepsTheTopCostEvenWhenItsSubsetOverflows() {
        List<Pod> pods = List.of(inSubset("b0", "b").build(), inSubset("b1", "b").build(), inSubset("b2", "b").build());
        SyncDecision d = sync(input(spread(List.of(subset("a", 5), Fixtures.subsetWithMin("b", 1, 1))), 10, pods));
        assertThat(pods).extracting(p -> costAfter(d, p)).containsExactly("-200", "-200", "300");
    }

    // ---- old pods ------------------------------------------------------------------------------

    private static WorkloadSpreadSubset labelling(String name, Integer max) {
        var patch = JSON.createObjectNode();
        patch.with("metadata").with("labels").put("zone", name);
        patch.with("metadata").with("annotations").put("note", name);
        return new WorkloadSpreadSubset(name, null, null, null, max == null ? null : new IntOrString(max), null, patch);
    }

    @Test
    void anOldPodOnAKnownNodeIsAdoptedIntoItsBestSubset() {
        Pod old = TestPods.pod("old").onNode("node-1").phase("Running").label("zone", "b").build();
        SyncDecision d = sync(input(spread(List.of(labelling("a", 5), labelling("b", 5))), 10, List.of(old), List.of(NODE)));
        assertThat(d.adoptionPatches()).hasSize(1);
        AdoptionPatch patch = d.adoptionPatches().get(0);
        assertThat(patch.subset()).isEqualTo("b");
        assertThat(patch.patch().toString()).isEqualTo("{\"metadata\":{\"labels\":{\"zone\":\"b\"},\"annotations\":{\"note\":\"b\","
                + "\"apps.kruise.io/matched-workloadspread\":\"{\\\"name\\\":\\\"ws\\\",\\\"subset\\\":\\\"b\\\"}\"}}}");
        assertThat(d.status().subsetStatuses().get(1).replicas()).isEqualTo(1);
        assertThat(costAfter(d, old)).isEqualTo("100");
    }

    @Test
    void theIgnorePatchAnnotationAdoptsWithTheMatchedAnnotationOnly() {
        WorkloadSpread base = spread(List.of(labelling("a", 5)));
        WorkloadSpread ws = new WorkloadSpread(base.namespace(), base.name(), base.uid(),
                Map.of(WorkloadSpread.IGNORE_PATCH_EXISTING_PODS_METADATA, "true"), 1L, base.spec(), base.status());
        Pod old = TestPods.pod("old").onNode("node-1").phase("Running").build();
        SyncDecision d = sync(input(ws, 10, List.of(old), List.of(NODE)));
        assertThat(d.adoptionPatches().get(0).patch().path("metadata").has("labels")).isFalse();
        assertThat(d.adoptionPatches().get(0).patch().path("metadata").path("annotations").size()).isEqualTo(1);
    }

    @Test
    void adoptionUsesUpQuotaSoTheNextOldPodPrefersAnotherSubset() {
        List<Pod> olds = List.of(TestPods.pod("o1").onNode("node-1").build(), TestPods.pod("o2").onNode("node-1").build());
        SyncDecision d = sync(input(spread(List.of(subset("a", 1), subset("b", 1))), 10, olds, List.of(NODE)));
        assertThat(d.adoptionPatches()).extracting(AdoptionPatch::subset).containsExactly("a", "b");
    }

    @Test
    void annotatedPodsUseUpQuotaBeforeOldPodsAreMatched() {
        List<Pod> pods = List.of(inSubset("a0", "a").build(), TestPods.pod("o1").onNode("node-1").build());
        SyncDecision d = sync(input(spread(List.of(subset("a", 1), subset("b", 1))), 10, pods, List.of(NODE)));
        assertThat(d.adoptionPatches()).extracting(AdoptionPatch::subset).containsExactly("b");
    }

    @Test
    void anOldPodWithoutANodeOrOnAMissingNodeGoesToTheFakeSubset() {
        Pod unscheduled = TestPods.pod("u").build();
        Pod elsewhere = TestPods.pod("e").onNode("node-9").build();
        SyncDecision d = sync(input(spread(List.of(subset("a", 5))), 10, List.of(unscheduled, elsewhere), List.of(NODE)));
        assertThat(d.adoptionPatches()).isEmpty();
        assertThat(costAfter(d, unscheduled)).isEqualTo("-200");
        assertThat(costAfter(d, elsewhere)).isEqualTo("-200");
    }

    @Test
    void aPodAnnotatedForAnotherSpreadCountsAsOld() {
        Pod foreign = TestPods.pod("f").onNode("node-1").annotation(MatchedWorkloadSpread.ANNOTATION,
                new MatchedWorkloadSpread("other", "a", "").toAnnotationValue()).build();
        SyncDecision d = sync(input(spread(List.of(subset("a", 5))), 10, List.of(foreign), List.of(NODE)));
        assertThat(d.adoptionPatches()).extracting(AdoptionPatch::podName).containsExactly("f");
    }

    // ---- versioned rows ------------------------------------------------------------------------

    @Test
    void anOldVersionWithoutPodsIsKeptOnlyWhileItTracksSomething() {
        Instant recent = NOW.minusSeconds(5);
        SubsetStatus pending = new SubsetStatus("a", 0, 5, Map.of("coming", recent), Map.of(), List.of());
        SubsetStatus idle = new SubsetStatus("a", 3, 2, Map.of(), Map.of(), List.of());
        WorkloadSpread ws = spread(Fixtures.CLONESET, List.of(subset("a", 5)), null,
                new WorkloadSpreadStatus(1L, List.of(), Map.of("gone-pending", List.of(pending), "gone-idle", List.of(idle))));
        SyncDecision d = sync(input(ws, 10, List.of(inSubset("p0", "a").build())));
        assertThat(d.status().versionedSubsetStatuses()).containsOnlyKeys(PodVersions.VERSION_IGNORED, "gone-pending");
    }
}
