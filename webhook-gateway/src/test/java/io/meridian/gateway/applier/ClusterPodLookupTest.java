package io.meridian.gateway.applier;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ClusterPodLookupTest {
    private final KubernetesMockServer server = MutationApplierIntegrationTest.crudServer();
    private KubernetesClient kube;
    private ClusterClients clusters;
    private ClusterPodLookup lookup;

    @BeforeEach
    void start() {
        server.init();
        kube = server.createClient();
        Path dir = Kubeconfigs.directory();
        Kubeconfigs.write(dir, "member1", kube.getConfiguration().getMasterUrl());
        clusters = new ClusterClients(dir, Duration.ofSeconds(2));
        lookup = new ClusterPodLookup(clusters, Duration.ofSeconds(2));
    }

    @AfterEach
    void stop() {
        lookup.close();
        clusters.close();
        kube.close();
        server.destroy();
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
