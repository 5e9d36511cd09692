package io.meridian.core.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

class PodActivityTest {

    @Test
    void runningPodIsActive() {
        assertThat(PodActivity.isActive(new PodBuilder().withNewStatus().withPhase("Running").endStatus().build())).isTrue();
    }

    @Test
    void podWithoutStatusIsActive() {
        assertThat(PodActivity.isActive(new Pod())).isTrue();
    }

    @Test
    void succeededAndFailedPodsAreInactive() {
        assertThat(PodActivity.isActive(new PodBuilder().withNewStatus().withPhase("Succeeded").endStatus().build())).isFalse();
        assertThat(PodActivity.isActive(new PodBuilder().withNewStatus().withPhase("Failed").endStatus().build())).isFalse();
    }

    @Test
    void terminatingPodIsInactive() {
        assertThat(PodActivity.isActive(new PodBuilder().withNewMetadata().withDeletionTimestamp("2024-01-01T00:00:00Z")
                .endMetadata().build())).isFalse();
    }
}
