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
