package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ClusterPodLookupTest {
    private MockMember member;
    private KubernetesClient kube;
    private ClusterPodLookup lookup;

    @BeforeEach
    void start() {
        member = new MockMember("member1", Duration.ofSeconds(2));
        kube = member.kube();
        lookup = new ClusterPodLookup(member.clusters(), Duration.ofSeconds(2));
    }

    @AfterEach
    void stop() {
        lookup.close();
        member.close();
    }

    @Test
    void aPodIsReadFromItsClusterAndAnythingElseIsEmpty() {
        kube.pods().inNamespace("deploy").resource(new PodBuilder().withNewMetadata().withName("web-1")
                .addToAnnotations("a", "b").endMetadata().build()).create();

        assertThat(lookup.find("member1", "deploy", "web-1")).hasValueSatisfying(pod ->
                assertThat(pod.path("metadata").path("annotations").path("a").asText()).isEqualTo("b"));
        assertThat(lookup.find("member1", "deploy", "web-2")).isEmpty();
        assertThat(lookup.find("member9", "deploy", "web-1")).isEmpty();
    }
}
