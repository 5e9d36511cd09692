package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** resourceVersion and generation on updates, as a kube-apiserver keeps them (the simulation computes them itself). */
class ObjectVersionsTest {

  private static SimulatedCluster cluster;
  private static KubernetesClient client;

  @BeforeAll
  static void start() {
    cluster = SimulatedCluster.start(new ClusterSpec("versions", List.of(new ZoneSpec("z1", 1, 10))),
        SimOptions.DEFAULTS.withoutPods());
    client = cluster.client();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void aSpecChangeMovesBothTheResourceVersionAndTheGeneration() {
    Deployment created = create("spec-change");

    Deployment updated = client.apps().deployments().resource(new DeploymentBuilder(created).editSpec()
        .withReplicas(5).endSpec().build()).update();

    assertThat(updated.getMetadata().getGeneration()).isEqualTo(created.getMetadata().getGeneration() + 1);
    assertThat(updated.getMetadata().getResourceVersion()).isNotEqualTo(created.getMetadata().getResourceVersion());
  }

  @Test
  void aStatusChangeMovesTheResourceVersionButNotTheGeneration() {
    Deployment created = create("status-change");

    Deployment updated = client.apps().deployments().resource(new DeploymentBuilder(created).withNewStatus()
        .withReplicas(2).withObservedGeneration(1L).endStatus().build()).updateStatus();

    assertThat(updated.getMetadata().getGeneration()).isEqualTo(created.getMetadata().getGeneration());
    assertThat(updated.getMetadata().getResourceVersion()).isNotEqualTo(created.getMetadata().getResourceVersion());
    assertThat(updated.getStatus().getReplicas()).isEqualTo(2);
  }

  @Test
  void aJsonPatchWhoseTestFailsIsAnswered422AndChangesNothing() {
    create("tested");

    assertThatThrownBy(() -> client.apps().deployments().inNamespace("versions").withName("tested")
        .patch(PatchContext.of(PatchType.JSON), "[{\"op\":\"test\",\"path\":\"/spec/replicas\",\"value\":7},"
            + "{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":9}]"))
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(422));
    assertThat(client.apps().deployments().inNamespace("versions").withName("tested").get().getSpec().getReplicas())
        .isNotEqualTo(9);
  }

  @Test
  void anUnchangedObjectKeepsItsResourceVersion() {
    Deployment created = create("unchanged");

    Deployment updated = client.apps().deployments().resource(created).update();

    assertThat(updated.getMetadata().getResourceVersion()).isEqualTo(created.getMetadata().getResourceVersion());
    assertThat(updated.getMetadata().getGeneration()).isEqualTo(created.getMetadata().getGeneration());
  }

  private static Deployment create(String name) {
    return client.apps().deployments().resource(new DeploymentBuilder().withNewMetadata().withName(name)
        .withNamespace("versions").endMetadata().withNewSpec().withReplicas(1).withNewSelector()
        .addToMatchLabels("app", name).endSelector().withNewTemplate().withNewMetadata().addToLabels("app", name)
        .endMetadata().withNewSpec().addNewContainer().withName("c").withImage("nginx").endContainer().endSpec()
        .endTemplate().endSpec().build()).create();
  }
}
