package io.meridian.command.federation;

import static io.meridian.command.federation.FederationFixtures.deployment;
import static io.meridian.command.federation.FederationFixtures.read;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyMatchTest {

    private static JsonNode policy(String name, String selector, int priority) {
        return read("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"PropagationPolicy",
                 "metadata":{"name":"%s","namespace":"default"},
                 "spec":{"priority":%d,"resourceSelectors":[%s],"placement":{}}}
                """.formatted(name, priority, selector));
    }

    private static JsonNode clusterPolicy(String name, String selector, int priority) {
        return read("""
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"ClusterPropagationPolicy",
                 "metadata":{"name":"%s"},
                 "spec":{"priority":%d,"resourceSelectors":[%s],"placement":{}}}
                """.formatted(name, priority, selector));
    }

    private static final String BY_NAME = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"name\":\"nginx\"}";
    private static final String KIND_ONLY = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\"}";
    private static final String BY_LABEL = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
            + "\"labelSelector\":{\"matchLabels\":{\"app\":\"nginx\"}}}";

    @Test
    void aClusterPropagationPolicySelectsATemplateOfAnyNamespace() {
        JsonNode everywhere = clusterPolicy("everywhere", KIND_ONLY, 0);
        JsonNode template = deployment(3);
        ((com.fasterxml.jackson.databind.node.ObjectNode) template.get("metadata")).put("namespace", "team-a");
        assertThat(PolicyMatch.select(List.of(everywhere), template)).contains(everywhere);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"kube-system", "kube-public", "karmada-system",
        "karmada-cluster", "karmada-es-member1", "meridian-system"})
    void aTemplateInAReservedNamespaceIsNotPropagated(String namespace) {
        JsonNode everywhere = clusterPolicy("everywhere", KIND_ONLY, 0);
        JsonNode template = inNamespace(deployment(3), namespace);
        JsonNode local = read(policy("local", KIND_ONLY, 0).toString().replace("\"default\"", "\"" + namespace + "\""));
        assertThat(PolicyMatch.select(List.of(everywhere, local), template)).isEmpty();
    }

    @Test
    void aNamespaceThatOnlyLooksReservedIsPropagated() {
        JsonNode everywhere = clusterPolicy("everywhere", KIND_ONLY, 0);
        assertThat(PolicyMatch.select(List.of(everywhere), inNamespace(deployment(3), "kubeflow"))).contains(everywhere);
    }

    private static JsonNode inNamespace(JsonNode template, String namespace) {
        ((com.fasterxml.jackson.databind.node.ObjectNode) template.get("metadata")).put("namespace", namespace);
        return template;
    }

    @Test
    void aMatchingPropagationPolicyWinsOverAClusterPropagationPolicyOfHigherPriority() {
        JsonNode cluster = clusterPolicy("cluster", BY_NAME, 100);
        JsonNode namespaced = policy("namespaced", KIND_ONLY, 0);
        assertThat(PolicyMatch.select(List.of(cluster, namespaced), deployment(3))).contains(namespaced);
    }

    @Test
    void aPropagationPolicyOfAnotherNamespaceLeavesTheTemplateToTheClusterPropagationPolicy() {
        JsonNode cluster = clusterPolicy("cluster", KIND_ONLY, 0);
        JsonNode elsewhere = read(policy("elsewhere", KIND_ONLY, 5).toString().replace("\"default\"", "\"other\""));
        assertThat(PolicyMatch.select(List.of(elsewhere, cluster), deployment(3))).contains(cluster);
    }

    @Test
    void amongClusterPropagationPoliciesTheHigherPriorityWins() {
        JsonNode byName = clusterPolicy("by-name", BY_NAME, 0);
        JsonNode kindOnly = clusterPolicy("kind-only", KIND_ONLY, 1);
        assertThat(PolicyMatch.select(List.of(byName, kindOnly), deployment(3))).contains(kindOnly);
    }

    @Test
    void amongClusterPropagationPoliciesOfOnePriorityTheMoreSpecificSelectorWins() {
        JsonNode kindOnly = clusterPolicy("a-kind", KIND_ONLY, 0);
        JsonNode byLabel = clusterPolicy("b-label", BY_LABEL, 0);
        JsonNode byName = clusterPolicy("c-name", BY_NAME, 0);
        assertThat(PolicyMatch.select(List.of(kindOnly, byLabel), deployment(3))).contains(byLabel);
        assertThat(PolicyMatch.select(List.of(kindOnly, byLabel, byName), deployment(3))).contains(byName);
    }

    @Test
    void amongEquallySpecificClusterPropagationPoliciesTheFirstNameWins() {
        JsonNode zebra = clusterPolicy("zebra", KIND_ONLY, 0);
        JsonNode alpha = clusterPolicy("alpha", KIND_ONLY, 0);
        assertThat(PolicyMatch.select(List.of(zebra, alpha), deployment(3))).contains(alpha);
    }

    @Test
    void aClusterPropagationPolicySelectorNamingANamespaceSelectsOnlyThere() {
        JsonNode otherNamespace = clusterPolicy("other", "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                + "\"namespace\":\"other\"}", 0);
        assertThat(PolicyMatch.select(List.of(otherNamespace), deployment(3))).isEmpty();
    }

    @Test
    void aClusterPropagationPolicyBeingDeletedSelectsNothing() {
        JsonNode deleting = clusterPolicy("deleting", KIND_ONLY, 0);
        ((com.fasterxml.jackson.databind.node.ObjectNode) deleting.get("metadata"))
                .put("deletionTimestamp", "2026-11-22T04:00:00Z");
        assertThat(PolicyMatch.select(List.of(deleting), deployment(3))).isEmpty();
    }

    @Test
    void aClusterPropagationPolicyIsNamedWithItsKind() {
        assertThat(PolicyMatch.name(clusterPolicy("spread", KIND_ONLY, 0)))
                .isEqualTo("policy.karmada.io/v1alpha1/ClusterPropagationPolicy/spread");
        assertThat(PolicyMatch.name(policy("spread", KIND_ONLY, 0))).isEqualTo("policy.karmada.io/v1alpha1/spread");
    }

    @Test
    void aSelectorNamingTheTemplateBeatsALabelSelector() {
        JsonNode byLabel = policy("a-label", "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                + "\"labelSelector\":{\"matchLabels\":{\"app\":\"nginx\"}}}", 0);
        JsonNode byName = policy("z-name", "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"name\":\"nginx\"}", 0);
        assertThat(PolicyMatch.select(List.of(byLabel, byName), deployment(3))).contains(byName);
    }

    @Test
    void aHigherPriorityWinsOverSpecificity() {
        JsonNode kindOnly = policy("kind", "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\"}", 5);
        JsonNode byName = policy("name", "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"name\":\"nginx\"}", 0);
        assertThat(PolicyMatch.select(List.of(byName, kindOnly), deployment(3))).contains(kindOnly);
    }

    @Test
    void aLabelSelectorThatDoesNotMatchSelectsNothing() {
        JsonNode other = policy("other", "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                + "\"labelSelector\":{\"matchLabels\":{\"app\":\"other\"}}}", 0);
        assertThat(PolicyMatch.select(List.of(other), deployment(3))).isEmpty();
    }

    @Test
    void anotherKindIsNotSelected() {
        JsonNode statefulSets = policy("sts", "{\"apiVersion\":\"apps/v1\",\"kind\":\"StatefulSet\"}", 0);
        assertThat(PolicyMatch.select(List.of(statefulSets), deployment(3))).isEmpty();
    }

    @Test
    void anAbsentReplicaSchedulingMeansDuplicated() {
        assertThat(PolicyMatch.placement(policy("p", "{}", 0)).isDuplicated()).isTrue();
    }

    @Test
    void failbackIsOffWithoutStabilizationSeconds() {
        assertThat(PolicyMatch.stabilizationSeconds(policy("p", "{}", 0))).isNull();
        assertThat(PolicyMatch.stabilizationSeconds(FederationFixtures.withFailback(policy("p", "{}", 0), 30))).isEqualTo(30);
    }

    @Test
    void aPolicyWhoseLabelSelectorChangedSelectsByItsNewSelector() {
        JsonNode before = policy("p", "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                + "\"labelSelector\":{\"matchLabels\":{\"app\":\"other\"}}}", 0);
        JsonNode after = policy("p", "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                + "\"labelSelector\":{\"matchExpressions\":[{\"key\":\"app\",\"operator\":\"In\",\"values\":[\"nginx\"]}]}}", 0);

        assertThat(PolicyMatch.select(List.of(before), deployment(3))).isEmpty();
        assertThat(PolicyMatch.select(List.of(after), deployment(3))).contains(after);
        assertThat(PolicyMatch.select(List.of(before), deployment(3))).isEmpty();
    }

    @Test
    void equalSelectorsOfDifferentPoliciesAreParsedOnce() {
        JsonNode selector = read("{\"matchLabels\":{\"app\":\"nginx\"}}");

        assertThat(PolicyMatch.parsed(selector)).isSameAs(PolicyMatch.parsed(selector.deepCopy()));
    }
}
