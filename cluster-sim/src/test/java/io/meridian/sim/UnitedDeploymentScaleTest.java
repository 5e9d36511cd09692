package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * UnitedDeployment kinds have a scale subresource in the simulation, in all three apiVersions: kubectl scale,
 * an HPA and the scenarios' {@code scale} step change only {@code spec.replicas}, and the Scale reads the
 * status's replicas and labelSelector.
 */
class UnitedDeploymentScaleTest {
  private static SimulatedCluster cluster;

  @BeforeAll
  static void start() {
    cluster = SimulatedCluster.start(new ClusterSpec("host", List.of(new ZoneSpec("z1", 1, 10))));
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  private static void apply(String apiVersion, String namespace) {
    cluster.api().apply("""
        apiVersion: %s
        kind: UnitedDeployment
        metadata: {name: ud, namespace: %s}
        spec:
          replicas: 5
          selector: {matchLabels: {app: web}}
          template: {cloneSetTemplate: {metadata: {labels: {app: web}}, spec: {}}}
          topology: {subsets: [{name: a}, {name: b}]}
        status: {replicas: 5, labelSelector: "app=web"}
        """.formatted(apiVersion, namespace));
  }

  private static int specReplicas(String apiVersion, String namespace) {
    GenericKubernetesResource ud = cluster.client().genericKubernetesResources(apiVersion, "UnitedDeployment")
        .inNamespace(namespace).withName("ud").get();
    return Serialization.jsonMapper().valueToTree(ud).path("spec").path("replicas").asInt(-1);
  }

  @Test
  void theScenarioScaleOfEachApiVersionSetsOnlySpecReplicas() {
    for (String apiVersion : List.of("apps.kruise.io/v1alpha1", "apps.kruise.io/v1beta1", "apps.meridian.io/v1alpha1")) {
      String namespace = "scale-" + apiVersion.replace('.', '-').replace('/', '-');
      apply(apiVersion, namespace);

      cluster.api().scale(apiVersion + "/UnitedDeployment", namespace, "ud", 3);

      assertThat(specReplicas(apiVersion, namespace)).as(apiVersion).isEqualTo(3);
      GenericKubernetesResource ud = cluster.client().genericKubernetesResources(apiVersion, "UnitedDeployment")
          .inNamespace(namespace).withName("ud").get();
      assertThat(Serialization.jsonMapper().valueToTree(ud).path("spec").path("topology").path("subsets").size())
          .as(apiVersion).isEqualTo(2);
    }
  }

  @Test
  void aFabric8ClientScalesAUnitedDeploymentOverTheKubeconfigAndReadsTheSelectorOfItsStatus() {
    apply("apps.kruise.io/v1alpha1", "outside");
    ResourceDefinitionContext context = new ResourceDefinitionContext.Builder().withGroup("apps.kruise.io")
        .withVersion("v1alpha1").withKind("UnitedDeployment").withPlural("uniteddeployments").withNamespaced(true).build();
    try (KubernetesClient outsider = cluster.newExternalClient()) {
      var ud = outsider.genericKubernetesResources(context).inNamespace("outside").withName("ud");

      ud.scale(2);

      assertThat(ud.scale().getSpec().getReplicas()).isEqualTo(2);
      assertThat(ud.scale().getStatus().getSelector()).isEqualTo("app=web");
      assertThat(specReplicas("apps.kruise.io/v1alpha1", "outside")).isEqualTo(2);
    }
  }
}
