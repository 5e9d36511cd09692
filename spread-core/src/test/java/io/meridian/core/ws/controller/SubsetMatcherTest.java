package io.meridian.core.ws.controller;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PreferredSchedulingTerm;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.meridian.core.k8s.TestPods;
import io.meridian.core.ws.model.WorkloadSpreadSubset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubsetMatcherTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final SubsetMatcher matcher = new SubsetMatcher(Fixtures.LABELS_ONLY);

    private static NodeSelectorTerm term(String key) {
        return new NodeSelectorTerm(List.of(new NodeSelectorRequirement(key, "In", List.of("true"))), List.of());
    }

    private static WorkloadSpreadSubset subset(String name, Map<String, String> patchLabels) {
        ObjectNode patch = JSON.createObjectNode();
        patchLabels.forEach((k, v) -> patch.with("metadata").with("labels").put(k, v));
        return new WorkloadSpreadSubset(name, term("required"),
                List.of(new PreferredSchedulingTerm(term("preferred"), 100)),
                List.of(new Toleration(null, "dedicated", "Equal", null, "true")), new IntOrString(5), null,
                patchLabels.isEmpty() ? null : patch);
    }

    private static Node node(Map<String, String> labels) {
        return new NodeBuilder().withNewMetadata().withName("node-1").withLabels(labels).endMetadata()
                .withNewSpec().withTaints(new Taint("NoSchedule", "dedicated", null, "true")).endSpec().build();
    }

    private static final Node ALL_LABELS = node(Map.of("required", "true", "preferred", "true", "zone", "a"));
    private static final WorkloadSpreadSubset PATCHING = subset("a", Map.of("patched", "true"));

    @Test
    void preferredNodePatchedPodAndNoQuotaScores10010() {
        Pod pod = TestPods.pod("p").label("patched", "true").build();
        assertThat(matcher.match(PATCHING, ALL_LABELS, pod, 0)).isEqualTo(SubsetMatch.scored(10010));
    }

    @Test
    void podNotYetPatchedLosesTheTen() {
        Pod pod = TestPods.pod("p").label("patched", "false").build();
        assertThat(matcher.match(PATCHING, ALL_LABELS, pod, 0)).isEqualTo(SubsetMatch.scored(10000));
    }

    @Test
    void nodeWithoutThePreferredLabelLosesTheHundreds() {
        Pod pod = TestPods.pod("p").label("patched", "true").build();
        assertThat(matcher.match(PATCHING, node(Map.of("required", "true")), pod, 0)).isEqualTo(SubsetMatch.scored(10));
    }

    @Test
    void remainingQuotaAddsOne() {
        Pod pod = TestPods.pod("p").label("patched", "true").build();
        assertThat(matcher.match(PATCHING, ALL_LABELS, pod, 1)).isEqualTo(SubsetMatch.scored(10011));
    }

    @Test
    void subsetWithoutPatchCountsAsAlreadyApplied() {
        assertThat(matcher.match(subset("a", Map.of()), ALL_LABELS, TestPods.pod("p").build(), 0).score()).isEqualTo(10010);
    }

    @Test
    void nodeMissingTheRequiredLabelDoesNotMatch() {
        assertThat(matcher.match(PATCHING, node(Map.of("preferred", "true")), TestPods.pod("p").build(), 5))
                .isEqualTo(SubsetMatch.noMatch());
    }

    @Test
    void untoleratedTaintDoesNotMatch() {
        WorkloadSpreadSubset noToleration = new WorkloadSpreadSubset("a", null, List.of(), List.of(), null, null, null);
        assertThat(matcher.match(noToleration, ALL_LABELS, TestPods.pod("p").build(), 5).matched()).isFalse();
    }

    @Test
    void podTolerationsCountToo() {
        WorkloadSpreadSubset noToleration = new WorkloadSpreadSubset("a", null, List.of(), List.of(), null, null, null);
        Pod pod = TestPods.pod("p").build();
        pod.getSpec().setTolerations(List.of(new Toleration(null, "dedicated", "Exists", null, null)));
        assertThat(matcher.match(noToleration, ALL_LABELS, pod, 5).matched()).isTrue();
    }

    @Test
    void subsetTermIsAndedIntoEachOfThePodsOwnTerms() {
        Pod pod = TestPods.pod("p").build();
        pod.getSpec().setAffinity(new AffinityBuilder().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .withNodeSelectorTerms(new NodeSelectorTerm(List.of(new NodeSelectorRequirement("zone", "In", List.of("b"))), List.of()),
                        new NodeSelectorTerm(List.of(new NodeSelectorRequirement("zone", "In", List.of("a"))), List.of()))
                .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().build());
        assertThat(matcher.match(PATCHING, ALL_LABELS, pod, 0).matched()).isTrue();
        assertThat(matcher.match(PATCHING, node(Map.of("required", "true", "zone", "c")), pod, 0).matched()).isFalse();
    }

    @Test
    void bestSubsetTakesTheHighestScoreAndTheFirstOnTies() {
        WorkloadSpreadSubset plain = new WorkloadSpreadSubset("plain", null, List.of(), List.of(
                new Toleration(null, "dedicated", "Exists", null, null)), null, null, null);
        List<WorkloadSpreadSubset> subsets = List.of(plain, PATCHING, plain);
        Pod pod = TestPods.pod("p").label("patched", "true").build();
        assertThat(matcher.bestSubset(subsets, ALL_LABELS, pod, List.of(1, 0, 1))).hasValue(1);
        assertThat(matcher.bestSubset(List.of(plain, plain), ALL_LABELS, pod, List.of(0, 1))).hasValue(1);
        assertThat(matcher.bestSubset(List.of(plain, plain), ALL_LABELS, pod, List.of(0, 0))).hasValue(0);
    }

    @Test
    void aMatchScoringZeroIsStillChosen() {
        WorkloadSpreadSubset patching = new WorkloadSpreadSubset("z", null, List.of(), List.of(
                new Toleration(null, null, "Exists", null, null)), null, null,
                JSON.createObjectNode().set("metadata", JSON.createObjectNode().set("labels",
                        JSON.createObjectNode().put("x", "y"))));
        assertThat(matcher.bestSubset(List.of(patching), node(Map.of()), TestPods.pod("p").build(), List.of(0))).hasValue(0);
    }

    @Test
    void noMatchingSubsetGivesNone() {
        assertThat(matcher.bestSubset(List.of(PATCHING), node(Map.of()), TestPods.pod("p").build(), List.of(1))).isEmpty();
    }
}
