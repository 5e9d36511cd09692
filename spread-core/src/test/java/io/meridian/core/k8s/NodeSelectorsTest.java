package io.meridian.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeSelectorsTest {
    private static final Node NODE = new NodeBuilder().withNewMetadata().withName("node-a")
            .withLabels(Map.of("zone", "z1", "cpu", "8")).endMetadata().build();

    private static NodeSelectorRequirement req(String key, String op, String... values) {
        return new NodeSelectorRequirement(key, op, List.of(values));
    }

    private static NodeSelectorTerm expressions(NodeSelectorRequirement... requirements) {
        return new NodeSelectorTerm(List.of(requirements), List.of());
    }

    private static NodeSelectorTerm fields(NodeSelectorRequirement... requirements) {
        return new NodeSelectorTerm(List.of(), List.of(requirements));
    }

    @Test
    void inMatchesWhenTheLabelValueIsListed() {
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "In", "z0", "z1")), NODE)).isTrue();
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "In", "z2")), NODE)).isFalse();
    }

    @Test
    void notInMatchesAMissingLabel() {
        assertThat(NodeSelectors.matchesTerm(expressions(req("arch", "NotIn", "arm")), NODE)).isTrue();
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "NotIn", "z1")), NODE)).isFalse();
    }

    @Test
    void existsAndDoesNotExistLookAtTheKeyOnly() {
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "Exists")), NODE)).isTrue();
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "DoesNotExist")), NODE)).isFalse();
        assertThat(NodeSelectors.matchesTerm(expressions(req("arch", "DoesNotExist")), NODE)).isTrue();
    }

    @Test
    void gtAndLtCompareIntegers() {
        assertThat(NodeSelectors.matchesTerm(expressions(req("cpu", "Gt", "4")), NODE)).isTrue();
        assertThat(NodeSelectors.matchesTerm(expressions(req("cpu", "Lt", "4")), NODE)).isFalse();
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "Gt", "4")), NODE)).isFalse();
    }

    @Test
    void allRequirementsOfATermMustHold() {
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "In", "z1"), req("cpu", "Lt", "4")), NODE)).isFalse();
    }

    @Test
    void aTermWithoutRequirementsMatchesNoNode() {
        assertThat(NodeSelectors.matchesTerm(new NodeSelectorTerm(), NODE)).isFalse();
    }

    @Test
    void aMalformedRequirementMatchesNothing() {
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "In")), NODE)).isFalse();
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "Exists", "z1")), NODE)).isFalse();
        assertThat(NodeSelectors.matchesTerm(expressions(req("zone", "Near", "z1")), NODE)).isFalse();
    }

    @Test
    void matchFieldsReadTheNodeName() {
        assertThat(NodeSelectors.matchesTerm(fields(req("metadata.name", "In", "node-a")), NODE)).isTrue();
        assertThat(NodeSelectors.matchesTerm(fields(req("metadata.name", "NotIn", "node-a")), NODE)).isFalse();
    }

    @Test
    void matchFieldsOnOtherFieldsOrOperatorsNeverMatch() {
        assertThat(NodeSelectors.matchesTerm(fields(req("spec.unschedulable", "In", "false")), NODE)).isFalse();
        assertThat(NodeSelectors.matchesTerm(fields(req("metadata.name", "Exists")), NODE)).isFalse();
    }

    @Test
    void termsAreOred() {
        List<NodeSelectorTerm> terms = List.of(expressions(req("zone", "In", "z9")), expressions(req("zone", "In", "z1")));
        assertThat(NodeSelectors.matchesAnyTerm(terms, NODE)).isTrue();
        assertThat(NodeSelectors.matchesAnyTerm(List.of(), NODE)).isFalse();
    }
}
