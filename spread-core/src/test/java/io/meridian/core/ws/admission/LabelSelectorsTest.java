package io.meridian.core.ws.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelSelectorsTest {
    private static final Map<String, String> LABELS = Map.of("app", "web", "tier", "front");

    @Test
    void nullSelectorMatchesEverything() {
        assertThat(LabelSelectors.matches(null, Map.of())).isTrue();
    }

    @Test
    void matchLabelsMustAllBeEqual() {
        assertThat(LabelSelectors.matches(new LabelSelectorBuilder().addToMatchLabels("app", "web").build(), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(new LabelSelectorBuilder().addToMatchLabels("app", "db").build(), LABELS)).isFalse();
    }

    @Test
    void expressionOperators() {
        assertThat(LabelSelectors.matches(expression("tier", "In", "front", "back"), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(expression("tier", "NotIn", "front"), LABELS)).isFalse();
        assertThat(LabelSelectors.matches(expression("zone", "NotIn", "a"), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(expression("app", "Exists"), LABELS)).isTrue();
        assertThat(LabelSelectors.matches(expression("app", "DoesNotExist"), LABELS)).isFalse();
    }

    private static io.fabric8.kubernetes.api.model.LabelSelector expression(String key, String operator, String... values) {
        return new LabelSelectorBuilder().addNewMatchExpression().withKey(key).withOperator(operator).withValues(values)
                .endMatchExpression().build();
    }
}
