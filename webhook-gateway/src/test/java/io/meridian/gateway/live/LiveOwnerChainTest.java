package io.meridian.gateway.live;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.meridian.gateway.applier.ClusterClients;
import io.meridian.gateway.applier.Kubeconfigs;
import io.meridian.gateway.applier.MockMember;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LiveOwnerChainTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private MockMember member;
    private KubernetesClient kube;
    private LiveOwnerChain chain;

    @BeforeEach
    void start() {
        // generous: under load a first request to the mock server took seconds, and a read cut short is a different answer
        member = new MockMember("member1", Duration.ofSeconds(30));
        kube = member.kube();
        chain = new LiveOwnerChain(member.clusters(), Duration.ofSeconds(30));
    }

    @AfterEach
    void stop() {
        chain.close();
        member.close();
    }

    @Test
    void aPodsReplicaSetAndDeploymentAreReadWithTheirCurrentReplicas() {
        Deployment web = kube.apps().deployments().inNamespace("pct").resource(new DeploymentBuilder()
                .withNewMetadata().withName("web").endMetadata().withNewSpec().withReplicas(10).endSpec().build()).create();
        ReplicaSet rs = kube.apps().replicaSets().inNamespace("pct").resource(new ReplicaSetBuilder()
                .withNewMetadata().withName("web-1").withOwnerReferences(controllerRef(web)).endMetadata()
                .withNewSpec().withReplicas(10).endSpec().build()).create();
        kube.apps().deployments().inNamespace("pct").withName("web").edit(d -> new DeploymentBuilder(d)
                .editSpec().withReplicas(20).endSpec().build());

        OwnerChain read = chain.read("member1", "pct", podOwnedBy(rs));
        List<JsonNode> owners = read.owners();

        assertThat(owners).extracting(o -> o.path("kind").asText() + "/" + o.path("metadata").path("name").asText())
                .containsExactly("ReplicaSet/web-1", "Deployment/web");
        assertThat(owners.get(1).path("spec").path("replicas").asInt()).isEqualTo(20);
        assertThat(owners.get(1).path("metadata").path("resourceVersion").asText()).isNotEmpty();
        assertThat(read.complete()).isTrue();
    }

    @Test
    void theChainStopsAtAnOwnerThatIsNotThere() {
        ReplicaSet orphan = new ReplicaSetBuilder().withNewMetadata().withName("gone").withNamespace("pct")
                .withUid("uid-gone").endMetadata().build();

        assertThat(chain.read("member1", "pct", podOwnedBy(orphan))).isEqualTo(OwnerChain.complete(List.of()));
    }

    @Test
    void aClusterWithoutKubeconfigGivesNoOwners() {
        ReplicaSet rs = new ReplicaSetBuilder().withNewMetadata().withName("web-1").withUid("uid-rs").endMetadata().build();

        assertThat(chain.read("member9", "pct", podOwnedBy(rs))).isEqualTo(OwnerChain.complete(List.of()));
    }

    @Test
    void aChainWhoseReadDoesNotComeBackInTimeIsCutShort() throws IOException {
        ReplicaSet rs = new ReplicaSetBuilder().withNewMetadata().withName("web-1").withUid("uid-rs").endMetadata().build();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Path dir = Kubeconfigs.directory();
            Kubeconfigs.write(dir, "member1", "http://127.0.0.1:" + silent.getLocalPort());
            LiveOwnerChain impatient = new LiveOwnerChain(new ClusterClients(dir, Duration.ofSeconds(5)), Duration.ofMillis(200));
            try {
                assertThat(impatient.read("member1", "pct", podOwnedBy(rs)).complete()).isFalse();
            } finally {
                impatient.close();
            }
        }
    }

    private static JsonNode podOwnedBy(HasMetadata owner) {
        return JSON.valueToTree(new PodBuilder().withNewMetadata().withName("web-1-abcde").withNamespace("pct")
                .withOwnerReferences(controllerRef(owner)).endMetadata().build());
    }

    private static io.fabric8.kubernetes.api.model.OwnerReference controllerRef(HasMetadata owner) {
        return new OwnerReferenceBuilder().withApiVersion(owner.getApiVersion() == null ? "apps/v1" : owner.getApiVersion())
                .withKind(owner.getKind() == null ? owner.getClass().getSimpleName() : owner.getKind())
                .withName(owner.getMetadata().getName()).withUid(owner.getMetadata().getUid()).withController(true).build();
    }
}
