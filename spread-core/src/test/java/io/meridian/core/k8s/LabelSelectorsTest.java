package io.meridian.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelSelectorsTest {
    private static final Map<String, String> LABELS = Map.of("app", "web", "tier", "front");

    @Test
    void matchLabelsNeedEveryPair() {
        assertThat(LabelSelectors.matches(new LabelSelectorBuilder().withMatchLabels(Map.of("app", "web")).build(), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(new LabelSelectorBuilder().withMatchLabels(Map.of("app", "web", "tier", "back")).build(), LABELS))
                .isFalse();
    }

    @Test
    void matchExpressionsAreAndedWithMatchLabels() {
        LabelSelector selector = new LabelSelectorBuilder().withMatchLabels(Map.of("app", "web"))
                .withMatchExpressions(new LabelSelectorRequirement("tier", "NotIn", List.of("front"))).build();
        assertThat(LabelSelectors.matches(selector, LABELS)).isFalse();
    }

    @Test
    void emptySelectorMatchesEverythingAndNullSelectorNothing() {
        assertThat(LabelSelectors.matches(new LabelSelector(), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(null, LABELS)).isFalse();
    }

    @Test
    void numericOperatorsAreNotAllowedInLabelSelectors() {
        LabelSelector selector = new LabelSelectorBuilder()
                .withMatchExpressions(new LabelSelectorRequirement("replicas", "Gt", List.of("1"))).build();
        assertThat(LabelSelectors.matches(selector, Map.of("replicas", "3"))).isFalse();
    }

    @Test
    void anAbsentOptionalSelectorMatchesEverything() {
        assertThat(LabelSelectors.absentOrMatches(null, LABELS)).isTrue();
        assertThat(LabelSelectors.absentOrMatches(new LabelSelectorBuilder().withMatchLabels(Map.of("app", "db")).build(), LABELS))
                .isFalse();
    }

    @Test
    void setOperatorsFollowKubernetes() {
        assertThat(LabelSelectors.matches(expression("tier", "In", "front", "back"), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(expression("tier", "NotIn", "front"), LABELS)).isFalse();
        assertThat(LabelSelectors.matches(expression("zone", "NotIn", "a"), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(expression("app", "Exists"), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(expression("app", "DoesNotExist"), LABELS)).isFalse();
    }

    private static LabelSelector expression(String key, String operator, String... values) {
        return new LabelSelectorBuilder().addNewMatchExpression().withKey(key).withOperator(operator).withValues(values)
                .endMatchExpression().build();
    }
}
