package io.meridian.core.ws;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodVersionsTest {
    private static final java.util.Set<String> DEFAULT = PodVersions.DEFAULT_ENABLED_KINDS;

    @Test
    void podTemplateHashIsTheVersion() {
        assertThat(PodVersions.versionOf("Pod", "ReplicaSet", Map.of("pod-template-hash", "abc", "controller-revision-hash", "x-1"), DEFAULT))
                .isEqualTo("abc");
    }

    @Test
    void controllerRevisionHashIsCutAfterTheLastDash() {
        assertThat(PodVersions.versionOf("Pod", "Deployment", Map.of("controller-revision-hash", "web-xyz-5474f59575"), DEFAULT))
                .isEqualTo("5474f59575");
        assertThat(PodVersions.versionOf("Pod", "Deployment", Map.of("controller-revision-hash", "5474f59575"), DEFAULT))
                .isEqualTo("5474f59575");
    }

    @Test
    void kindNotEnabledIsVersionIgnored() {
        assertThat(PodVersions.versionOf("Pod", "CloneSet", Map.of("pod-template-hash", "abc"), DEFAULT))
                .isEqualTo(PodVersions.VERSION_IGNORED);
    }

    @Test
    void enabledKindWithoutHashLabelsIsVersionIgnored() {
        assertThat(PodVersions.versionOf("Pod", "ReplicaSet", null, DEFAULT)).isEqualTo(PodVersions.VERSION_IGNORED);
    }

    @Test
    void kindsMatchCaseInsensitively() {
        assertThat(PodVersions.versionOf("Pod", "REPLICASET", Map.of("pod-template-hash", "abc"), DEFAULT)).isEqualTo("abc");
    }

    @Test
    void enablingDeploymentEnablesReplicaSet() {
        assertThat(PodVersions.enabledKinds(List.of("Deployment", "cloneset")))
                .containsExactlyInAnyOrder("deployment", "replicaset", "cloneset");
    }
}
