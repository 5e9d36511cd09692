package io.meridian.core.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TolerationsTest {
    private static final Taint GPU = new Taint("NoSchedule", "gpu", null, "true");

    private static Toleration toleration(String key, String operator, String value, String effect) {
        return new Toleration(effect, key, operator, null, value);
    }

    @Test
    void equalOperatorNeedsTheSameValue() {
        assertThat(Tolerations.tolerates(toleration("gpu", "Equal", "true", null), GPU)).isTrue();
        assertThat(Tolerations.tolerates(toleration("gpu", "Equal", "false", null), GPU)).isFalse();
    }

    @Test
    void emptyOperatorMeansEqual() {
        assertThat(Tolerations.tolerates(toleration("gpu", null, "true", null), GPU)).isTrue();
    }

    @Test
    void existsWithoutKeyToleratesEveryTaint() {
        assertThat(Tolerations.tolerates(toleration(null, "Exists", null, null), GPU)).isTrue();
    }

    @Test
    void aDifferentEffectDoesNotTolerate() {
        assertThat(Tolerations.tolerates(toleration("gpu", "Exists", null, "NoExecute"), GPU)).isFalse();
        assertThat(Tolerations.tolerates(toleration("gpu", "Exists", null, "NoSchedule"), GPU)).isTrue();
    }

    @Test
    void aDifferentKeyDoesNotTolerate() {
        assertThat(Tolerations.tolerates(toleration("ssd", "Exists", null, null), GPU)).isFalse();
    }

    @Test
    void everyTaintMustBeTolerated() {
        Taint other = new Taint("PreferNoSchedule", "spot", null, "yes");
        assertThat(Tolerations.toleratesAll(List.of(GPU, other), List.of(toleration("gpu", "Exists", null, null)))).isFalse();
        assertThat(Tolerations.toleratesAll(List.of(GPU), List.of(toleration("gpu", "Exists", null, null)))).isTrue();
    }

    @Test
    void aNodeWithoutTaintsIsAlwaysTolerated() {
        assertThat(Tolerations.toleratesAll(List.of(), List.of())).isTrue();
        assertThat(Tolerations.toleratesAll(null, null)).isTrue();
    }
}
