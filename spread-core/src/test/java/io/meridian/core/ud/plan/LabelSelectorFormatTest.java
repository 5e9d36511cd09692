package io.meridian.core.ud.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelSelectorFormatTest {

    @Test
    void requirementsAreSortedByKeyWithSortedValues() {
        LabelSelector selector = new LabelSelector(List.of(
                new LabelSelectorRequirement("tier", "In", List.of("web", "api")),
                new LabelSelectorRequirement("env", "NotIn", List.of("dev")),
                new LabelSelectorRequirement("gpu", "Exists", List.of()),
                new LabelSelectorRequirement("old", "DoesNotExist", List.of())),
                Map.of("app", "web"));
        assertThat(LabelSelectorFormat.format(selector))
                .isEqualTo("app=web,env notin (dev),gpu,!old,tier in (api,web)");
    }

    @Test
    void missingSelectorIsEmpty() {
        assertThat(LabelSelectorFormat.format(null)).isEmpty();
    }
}
