package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Admission as a kube-apiserver does it, against a real HTTPS webhook. Each test works in its own
 * namespace and scopes its webhook configuration to it with a namespaceSelector.
 */
class AdmissionWebhookTest {

  private static SimulatedCluster cluster;
  private static TestWebhookServer webhook;

  @BeforeAll
  static void start() throws Exception {
    webhook = new TestWebhookServer();
    cluster = SimulatedCluster.start(new ClusterSpec("admission", List.of(new ZoneSpec("z1", 2, 20))),
        SimOptions.DEFAULTS.withReadyDelay(Duration.ofMillis(200)));
  }

  @AfterAll
  static void stop() {
    cluster.close();
    webhook.close();
  }

  @Test
  void mutatingWebhookPatchIsAppliedToThePodsAControllerCreates() {
    webhook.answer(request -> "patch".equals(request.path("namespace").asText())
        ? TestWebhookServer.patch("[{\"op\":\"add\",\"path\":\"/metadata/labels/spread\",\"value\":\"subset-a\"},"
            + "{\"op\":\"add\",\"path\":\"/metadata/annotations\",\"value\":{\"decided-by\":\"test\"}}]")
        : TestWebhookServer.allow(request));
    mutatingWebhook("patch", webhook.url("/mutate"), "Fail", 5);

    deployment("patch", 3);

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(cluster.api().pods("patch", Map.of("app", "web")))
        .hasSize(3)
        .allSatisfy(p -> {
          assertThat(p.getMetadata().getLabels()).containsEntry("spread", "subset-a");
          assertThat(p.getMetadata().getAnnotations()).containsEntry("decided-by", "test");
        }));
    JsonNode review = webhook.requests().stream()
        .filter(r -> "patch".equals(r.path("request").path("namespace").asText())).findFirst().orElseThrow();
    assertThat(review.path("apiVersion").asText()).isEqualTo("admission.k8s.io/v1");
    assertThat(review.path("request").path("operation").asText()).isEqualTo("CREATE");
    assertThat(review.path("request").path("kind").path("kind").asText()).isEqualTo("Pod");
    assertThat(review.path("request").path("resource").path("resource").asText()).isEqualTo("pods");
    assertThat(review.path("request").path("object").path("metadata").path("ownerReferences").get(0)
        .path("kind").asText()).isEqualTo("ReplicaSet");
  }

  @Test
  void failurePolicyIgnoreAdmitsPodsUnchangedWhenTheWebhookCannotBeReached() {
    mutatingWebhook("ignore", "https://127.0.0.1:1/unreachable", "Ignore", 1);

    deployment("ignore", 2);

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(cluster.api().pods("ignore", Map.of("app", "web")))
        .hasSize(2).allMatch(Pods::runningAndReady)
        .allSatisfy(p -> assertThat(p.getMetadata().getLabels()).doesNotContainKey("spread")));
  }

  @Test
  void failurePolicyFailRefusesTheCreateWhenTheWebhookTimesOut() {
    webhook.answer(request -> {
      if ("fail".equals(request.path("namespace").asText())) {
        sleep(2_500);
      }
      return TestWebhookServer.allow(request);
    });
    mutatingWebhook("fail", webhook.url("/slow"), "Fail", 1);

    deployment("fail", 2);

    await().atMost(Duration.ofSeconds(10)).until(() -> cluster.events().stream()
        .anyMatch(e -> e.contains("FailedCreate") && e.contains("fail/") && e.contains("failed calling webhook")));
    assertThat(cluster.api().pods("fail", Map.of("app", "web"))).isEmpty();
    webhook.answer(TestWebhookServer::allow);
  }

  @Test
  void validatingWebhookDenialRejectsAnAppliedCustomResourceWithItsMessage() {
    webhook.answer(request -> "apps.kruise.io".equals(request.path("kind").path("group").asText())
        ? TestWebhookServer.deny("subset a: minReplicas must be less than or equal to maxReplicas")
        : TestWebhookServer.allow(request));
    validatingWebhook("validate-deny", "deny", "/validate", "Fail",
        "{apiGroups: [apps.kruise.io], apiVersions: ['*'], operations: [CREATE, UPDATE], resources: [workloadspreads]}");

    assertThatThrownBy(() -> cluster.api().apply("""
        apiVersion: apps.kruise.io/v1alpha1
        kind: WorkloadSpread
        metadata: {name: ws, namespace: deny}
        spec:
          targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
          subsets: [{name: a, minReplicas: 3, maxReplicas: 1}]
        """))
        .isInstanceOf(AdmissionDeniedException.class)
        .hasMessageContaining("subset a: minReplicas must be less than or equal to maxReplicas");
    assertThat(cluster.api().get("WorkloadSpread", "deny", "ws")).isNull();
    webhook.answer(TestWebhookServer::allow);
  }

  @Test
  void scaleDownDeletesAreSentToTheValidatingWebhookWithTheOldPod() {
    validatingWebhook("validate-delete", "del", "/delete", "Ignore",
        "{apiGroups: [''], apiVersions: [v1], operations: [DELETE], resources: [pods]}");
    deployment("del", 3);
    await().atMost(Duration.ofSeconds(15)).until(() -> cluster.api().pods("del", Map.of()).size() == 3);

    cluster.api().scale("Deployment", "del", "web", 1);

    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
      List<JsonNode> deletes = webhook.requests().stream()
          .filter(r -> "del".equals(r.path("request").path("namespace").asText()))
          .filter(r -> "DELETE".equals(r.path("request").path("operation").asText())).toList();
      assertThat(deletes).hasSize(2).allSatisfy(r ->
          assertThat(r.path("request").path("oldObject").path("metadata").path("name").asText()).startsWith("web-"));
    });
    await().atMost(Duration.ofSeconds(5)).until(() -> cluster.api().pods("del", Map.of()).size() == 1);
  }

  private static void deployment(String namespace, int replicas) {
    cluster.api().apply(Manifests.deployment(namespace, "web", replicas, ""));
  }


  private static void mutatingWebhook(String namespace, String url, String failurePolicy, int timeoutSeconds) {
    cluster.api().apply("""
        apiVersion: admissionregistration.k8s.io/v1
        kind: MutatingWebhookConfiguration
        metadata: {name: mutate-%s}
        webhooks:
        - name: pods.mutate.test
          admissionReviewVersions: [v1]
          sideEffects: None
          failurePolicy: %s
          timeoutSeconds: %d
          namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: %s}}
          clientConfig: {url: "%s", caBundle: %s}
          rules:
          - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods], scope: Namespaced}
        """.formatted(namespace, failurePolicy, timeoutSeconds, namespace, url, webhook.caBundle()));
    awaitWebhookConfigurations();
  }

  private static void validatingWebhook(String name, String namespace, String path, String failurePolicy,
      String rule) {
    cluster.api().apply("""
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingWebhookConfiguration
        metadata: {name: %s}
        webhooks:
        - name: %s.validate.test
          admissionReviewVersions: [v1]
          sideEffects: None
          failurePolicy: %s
          timeoutSeconds: 5
          namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: %s}}
          clientConfig: {url: "%s", caBundle: %s}
          rules:
          - %s
        """.formatted(name, name, failurePolicy, namespace, webhook.url(path), webhook.caBundle(), rule));
    awaitWebhookConfigurations();
  }

  /** The API server reads webhook configurations from its watch cache; wait until it has caught up. */
  private static void awaitWebhookConfigurations() {
    int stored = cluster.client().admissionRegistration().v1().mutatingWebhookConfigurations().list().getItems().size()
        + cluster.client().admissionRegistration().v1().validatingWebhookConfigurations().list().getItems().size();
    await().atMost(Duration.ofSeconds(5)).until(() -> cluster.webhookConfigurationsSeen() == stored);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void podDeletesAndEvictionsFromOutsideAreReviewedAndCanBeRefused() {
    webhook.answer(request -> "outside".equals(request.path("namespace").asText())
        && ("DELETE".equals(request.path("operation").asText()) || request.has("subResource"))
        ? TestWebhookServer.deny("pod is protected by the spread") : TestWebhookServer.allow(request));
    validatingWebhook("validate-outside", "outside", "/outside", "Fail",
        "{apiGroups: [''], apiVersions: [v1], operations: [DELETE, CREATE], resources: [pods, pods/eviction]}");
    deployment("outside", 1);
    await().atMost(Duration.ofSeconds(15)).until(() -> cluster.api().pods("outside", Map.of()).size() == 1);
    String pod = cluster.api().pods("outside", Map.of()).get(0).getMetadata().getName();

    try (var outsider = cluster.newExternalClient()) {
      assertThatThrownBy(() -> outsider.pods().inNamespace("outside").withName(pod).delete())
          .isInstanceOf(KubernetesClientException.class)
          .hasMessageContaining("pod is protected by the spread");
      assertThatThrownBy(() -> outsider.pods().inNamespace("outside").withName(pod).evict())
          .isInstanceOf(KubernetesClientException.class)
          .hasMessageContaining("pod is protected by the spread");
      assertThat(outsider.pods().inNamespace("outside").withName(pod).get()).isNotNull();

      webhook.answer(TestWebhookServer::allow);
      assertThat(outsider.pods().inNamespace("outside").withName(pod).evict()).isTrue();
    }
    assertThat(webhook.requests()).filteredOn(r -> "outside".equals(r.path("request").path("namespace").asText()))
        .extracting(r -> r.path("request").path("operation").asText() + " " + r.path("request").path("subResource").asText(""))
        .contains("DELETE ", "CREATE eviction");
    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(cluster.api().pods("outside", Map.of()))
        .singleElement().satisfies(p -> assertThat(p.getMetadata().getName()).isNotEqualTo(pod)));
  }
}
