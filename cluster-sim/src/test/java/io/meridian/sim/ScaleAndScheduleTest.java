package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@SuppressWarnings("unchecked")
class ScaleAndScheduleTest {

  private static SimulatedCluster cluster;

  @BeforeAll
  static void start() {
    cluster = SimulatedCluster.start(new ClusterSpec("member1", List.of(
        new ZoneSpec("zone-a", 2, 20), new ZoneSpec("zone-b", 2, 20),
        new ZoneSpec("small", 1, 2, Map.of("pool", "small"),
            List.of(new Taint("NoSchedule", "pool", null, "small"))),
        new ZoneSpec("gpu", 1, 10, Map.of("accelerator", "a100"),
            List.of(new Taint("NoSchedule", "dedicated", null, "gpu"))))),
        SimOptions.DEFAULTS.withReadyDelay(Duration.ofMillis(300)));
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void scalingUpCreatesPodsThatAreScheduledByZoneAffinityAndBecomeReady() {
    deployment("up", "web", 0, """
              affinity:
                nodeAffinity:
                  requiredDuringSchedulingIgnoredDuringExecution:
                    nodeSelectorTerms:
                    - matchExpressions:
                      - {key: topology.kubernetes.io/zone, operator: In, values: [zone-b]}
        """);

    cluster.api().scale("Deployment", "up", "web", 6);

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
      List<Pod> pods = cluster.api().pods("up", Map.of("app", "web"));
      assertThat(pods).hasSize(6).allMatch(Pods::runningAndReady);
      assertThat(cluster.api().countsByZone("up", Map.of("app", "web"))).isEqualTo(Map.of("zone-b", 6));
      assertThat(pods).allSatisfy(p -> assertThat(p.getMetadata().getLabels()).containsKey("pod-template-hash"));
    });
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
      var status = cluster.api().get("Deployment", "up", "web").getAdditionalProperties().get("status");
      assertThat(status).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
          .containsEntry("replicas", 6).containsEntry("readyReplicas", 6).containsEntry("availableReplicas", 6)
          .containsEntry("updatedReplicas", 6);
      assertThat((List<Map<String, Object>>) status("Deployment", "up", "web").get("conditions"))
          .anySatisfy(c -> assertThat(c).containsEntry("type", "Available").containsEntry("status", "True"))
          .anySatisfy(c -> assertThat(c).containsEntry("type", "Progressing")
              .containsEntry("reason", "NewReplicaSetAvailable"));
    });
  }

  @Test
  void scaleDownDeletesTheLowestDeletionCostPodsFirst() {
    deployment("cost", "web", 4, "");
    await().atMost(Duration.ofSeconds(15)).until(() -> readyPods("cost").size() == 4);
    List<Pod> pods = readyPods("cost");
    List<String> keep = List.of(pods.get(0).getMetadata().getName(), pods.get(2).getMetadata().getName());
    for (Pod pod : pods) {
      String cost = keep.contains(pod.getMetadata().getName()) ? "100" : "-100";
      cluster.client().pods().inNamespace("cost").withName(pod.getMetadata().getName())
          .patch(PatchContext.of(PatchType.JSON_MERGE),
              "{\"metadata\":{\"annotations\":{\"" + Pods.DELETION_COST + "\":\"" + cost + "\"}}}");
    }

    cluster.api().scale("Deployment", "cost", "web", 2);

    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(cluster.api().pods("cost", Map.of()))
        .extracting(p -> p.getMetadata().getName()).containsExactlyInAnyOrderElementsOf(keep));
  }

  @Test
  void podsThatFitNoNodeStayPendingAndUnschedulable() {
    deployment("full", "big", 3, """
              nodeSelector: {pool: small}
              tolerations: [{key: pool, operator: Exists}]
        """);

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
      List<Pod> pods = cluster.api().pods("full", Map.of("app", "big"));
      assertThat(pods).hasSize(3);
      assertThat(pods).filteredOn(Pods::runningAndReady).hasSize(2);
      assertThat(pods).filteredOn(p -> !Pods.scheduled(p)).singleElement().satisfies(p -> {
        assertThat(Pods.phase(p)).isEqualTo("Pending");
        assertThat(Pods.condition(p, "PodScheduled").getStatus()).isEqualTo("False");
        assertThat(Pods.condition(p, "PodScheduled").getReason()).isEqualTo("Unschedulable");
      });
    });
  }

  @Test
  void taintedNodesTakeOnlyPodsThatTolerateThem() {
    deployment("taint", "plain", 2, """
              nodeSelector: {accelerator: a100}
        """);
    deployment("taint", "tolerant", 2, """
              nodeSelector: {accelerator: a100}
              tolerations: [{key: dedicated, operator: Equal, value: gpu, effect: NoSchedule}]
        """);

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
      assertThat(cluster.api().pods("taint", Map.of("app", "tolerant"))).hasSize(2).allMatch(Pods::runningAndReady);
      assertThat(cluster.api().pods("taint", Map.of("app", "plain"))).hasSize(2)
          .allMatch(p -> "Unschedulable".equals(Pods.condition(p, "PodScheduled").getReason()));
    });
  }

  @Test
  void preferredAffinityWeightDecidesBetweenFittingNodes() {
    deployment("prefer", "web", 3, """
              affinity:
                nodeAffinity:
                  preferredDuringSchedulingIgnoredDuringExecution:
                  - weight: 10
                    preference:
                      matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [zone-a]}]
                  - weight: 50
                    preference:
                      matchFields: [{key: metadata.name, operator: In, values: [zone-b-1]}]
        """);

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(cluster.api().pods("prefer", Map.of()))
        .hasSize(3).allMatch(p -> "zone-b-1".equals(p.getSpec().getNodeName())));
  }

  @Test
  void statefulSetPodsGetOrdinalNamesAndScaleDownRemovesTheHighest() {
    cluster.api().apply(Manifests.workload("apps/v1", "StatefulSet", "sts", "db", 3,
        "  podManagementPolicy: Parallel", ""));
    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(readyPods("sts"))
        .extracting(p -> p.getMetadata().getName()).containsExactlyInAnyOrder("db-0", "db-1", "db-2"));

    cluster.api().scale("StatefulSet", "sts", "db", 1);

    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(cluster.api().pods("sts", Map.of()))
        .extracting(p -> p.getMetadata().getName()).containsExactly("db-0"));
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(status("StatefulSet", "sts", "db"))
        .containsEntry("replicas", 1).containsEntry("readyReplicas", 1));
  }

  @Test
  void advancedStatefulSetIsScaledByTheSharedKindNameAndKeepsOrdinals() {
    cluster.api().apply(Manifests.workload("apps.kruise.io/v1beta1", "StatefulSet", "asts", "adv", 2, "", ""));
    await().atMost(Duration.ofSeconds(15)).until(() -> readyPods("asts").size() == 2);

    cluster.api().scale("StatefulSet", "asts", "adv", 3);

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(readyPods("asts"))
        .extracting(p -> p.getMetadata().getName()).containsExactlyInAnyOrder("adv-0", "adv-1", "adv-2"));
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
        assertThat(status("apps.kruise.io/v1beta1/StatefulSet", "asts", "adv"))
            .containsEntry("replicas", 3).containsEntry("readyReplicas", 3).containsEntry("labelSelector", "app=adv"));
  }

  @Test
  void aBuiltInWorkloadIsFoundByItsApiVersionAndKind() {
    cluster.api().apply(Manifests.workload("apps/v1", "Deployment", "builtin", "web", 1, "", ""));

    assertThat(cluster.client().genericKubernetesResources("apps/v1", "Deployment").inNamespace("builtin").list()
        .getItems()).extracting(d -> d.getMetadata().getName()).containsExactly("web");
  }

  @Test
  void cloneSetIsAGenericResourceWhosePodsToDeleteAreReplaced() {
    cluster.api().apply(Manifests.workload("apps.kruise.io/v1alpha1", "CloneSet", "clone", "cs", 3, "", ""));
    await().atMost(Duration.ofSeconds(15)).until(() -> readyPods("clone").size() == 3);
    String victim = readyPods("clone").get(0).getMetadata().getName();

    cluster.client().genericKubernetesResources("apps.kruise.io/v1alpha1", "CloneSet").inNamespace("clone")
        .withName("cs").patch(PatchContext.of(PatchType.JSON_MERGE),
            "{\"spec\":{\"scaleStrategy\":{\"podsToDelete\":[\"" + victim + "\"]}}}");

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(readyPods("clone")).hasSize(3)
        .noneMatch(p -> p.getMetadata().getName().equals(victim)));
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(status("CloneSet", "clone", "cs"))
        .containsEntry("replicas", 3).containsEntry("readyReplicas", 3).containsEntry("updatedReplicas", 3)
        .containsKey("updateRevision"));
  }

  @Test
  void jobRunsParallelPodsUntilCompletions() {
    cluster.api().apply("""
        apiVersion: batch/v1
        kind: Job
        metadata: {name: batch, namespace: jobs}
        spec:
          parallelism: 2
          completions: 3
          template:
            metadata:
              labels: {app: batch}
              annotations: {sim.meridian.io/run-for: 300ms}
            spec:
              restartPolicy: Never
              containers: [{name: main, image: busybox}]
        """);

    await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(status("Job", "jobs", "batch"))
        .containsEntry("succeeded", 3).containsEntry("active", 0).containsKey("completionTime"));
    assertThat(cluster.api().pods("jobs", Map.of("app", "batch"))).hasSize(3);
  }

  @Test
  void aPodAnnotatedReadyAfterBecomesReadyOnlyThatLongAfterItWasBound() {
    cluster.api().apply("""
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: slow, namespace: slow}
        spec:
          replicas: 1
          selector: {matchLabels: {app: slow}}
          template:
            metadata:
              labels: {app: slow}
              annotations: {sim.meridian.io/ready-after: 6s}
            spec:
              containers: [{name: main, image: nginx}]
        """);

    await().atMost(Duration.ofSeconds(10)).until(() -> cluster.api().pods("slow", Map.of("app", "slow")).stream()
        .anyMatch(Pods::scheduled));
    // well past the default delay (1 s): still not ready
    await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(3)).until(() -> readyPods("slow").isEmpty());
    await().atMost(Duration.ofSeconds(10)).until(() -> readyPods("slow").size() == 1);
  }

  @Test
  void fabric8ClientsScaleThroughTheScaleSubresourceOverTheKubeconfig() {
    deployment("scale", "web", 1, "");
    try (KubernetesClient outsider = cluster.newExternalClient()) {
      var deployment = outsider.apps().deployments().inNamespace("scale").withName("web");
      await().atMost(Duration.ofSeconds(5)).until(() -> deployment.get() != null);

      deployment.scale(3);

      assertThat(deployment.scale().getSpec().getReplicas()).isEqualTo(3);
      assertThat(deployment.get().getSpec().getTemplate().getSpec().getContainers()).hasSize(1);
      await().atMost(Duration.ofSeconds(15)).until(() -> readyPods("scale").size() == 3);
      await().atMost(Duration.ofSeconds(5)).until(() -> deployment.scale().getStatus().getReplicas() == 3);
    }
  }

  @Test
  void customResourcesAreStoredAndWatchedAsGenericResourcesWithAStatusSubresource() throws Exception {
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (KubernetesClient outsider = cluster.newExternalClient();
        var watch = outsider.genericKubernetesResources("apps.meridian.io/v1alpha1", "WorkloadSpread")
            .inNamespace("crs").watch(new Watcher<GenericKubernetesResource>() {
              @Override
              public void eventReceived(Action action, GenericKubernetesResource resource) {
                seen.add(action + " " + resource.getMetadata().getName());
              }

              @Override
              public void onClose(WatcherException cause) {
              }
            })) {
      cluster.api().apply("""
          apiVersion: apps.meridian.io/v1alpha1
          kind: WorkloadSpread
          metadata: {name: ws, namespace: crs}
          spec:
            targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
            subsets: [{name: a, maxReplicas: 2}]
          status: {observedGeneration: 7}
          """);
      outsider.genericKubernetesResources("apps.meridian.io/v1alpha1", "WorkloadSpread").inNamespace("crs")
          .withName("ws").subresource("status").patch(PatchContext.of(PatchType.JSON_MERGE),
              "{\"status\":{\"observedGeneration\":1}}");

      await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(seen).contains("ADDED ws", "MODIFIED ws"));
      GenericKubernetesResource stored = outsider.genericKubernetesResources("apps.meridian.io/v1alpha1",
          "WorkloadSpread").inNamespace("crs").withName("ws").get();
      assertThat(stored.getAdditionalProperties().get("status")).isEqualTo(Map.of("observedGeneration", 1));
      assertThat(stored.getMetadata().getGeneration()).isEqualTo(1L);
    }
  }

  @Test
  void applyingACustomResourceDefinitionTeachesTheClusterANewKind() {
    cluster.api().apply("""
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: widgets.example.io}
        spec:
          group: example.io
          scope: Namespaced
          names: {kind: Widget, plural: widgets, singular: widget}
          versions:
          - name: v1
            served: true
            storage: true
            subresources: {status: {}, scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}
            schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
        """);

    cluster.api().apply("""
        apiVersion: example.io/v1
        kind: Widget
        metadata: {name: w, namespace: crd}
        spec: {replicas: 1, colour: blue}
        """);
    cluster.api().scale("Widget", "crd", "w", 4);

    GenericKubernetesResource widget = cluster.api().get("Widget", "crd", "w");
    assertThat(widget.getAdditionalProperties().get("spec")).isEqualTo(Map.of("replicas", 4, "colour", "blue"));
    assertThat(cluster.client().genericKubernetesResources("example.io/v1", "Widget").inNamespace("crd").list()
        .getItems()).hasSize(1);
  }

  @Test
  void clusterScopedCustomResourcesAreAppliedAndDeletedByKindName() {
    cluster.api().apply("""
        apiVersion: apps.karmada.io/v1alpha1
        kind: WorkloadRebalancer
        metadata: {name: demo}
        spec:
          workloads: [{apiVersion: apps/v1, kind: Deployment, namespace: default, name: web}]
        """);
    assertThat(cluster.api().get("WorkloadRebalancer", null, "demo")).isNotNull();

    assertThat(cluster.api().delete("WorkloadRebalancer", null, "demo")).isTrue();

    assertThat(cluster.api().get("apps.karmada.io/v1alpha1/WorkloadRebalancer", null, "demo")).isNull();
    assertThat(cluster.api().delete("WorkloadRebalancer", null, "demo")).isFalse();
  }

  @Test
  void changingTheTemplateRollsTheDeploymentOntoANewReplicaSet() {
    deployment("roll", "web", 3, "");
    await().atMost(Duration.ofSeconds(15)).until(() -> readyPods("roll").size() == 3);
    String oldHash = readyPods("roll").get(0).getMetadata().getLabels().get(Pods.TEMPLATE_HASH);

    deployment("roll", "web", 3, """
              nodeSelector: {topology.kubernetes.io/zone: zone-a}
        """);

    await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
      List<Pod> pods = cluster.api().pods("roll", Map.of());
      assertThat(pods).hasSize(3).allMatch(Pods::runningAndReady)
          .noneMatch(p -> oldHash.equals(p.getMetadata().getLabels().get(Pods.TEMPLATE_HASH)));
      assertThat(cluster.api().countsByZone("roll", Map.of())).isEqualTo(Map.of("zone-a", 3));
    });
    assertThat(cluster.client().apps().replicaSets().inNamespace("roll").list().getItems())
        .extracting(rs -> rs.getSpec().getReplicas()).containsExactlyInAnyOrder(0, 3);
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(status("Deployment", "roll", "web"))
        .containsEntry("updatedReplicas", 3).containsEntry("replicas", 3).containsEntry("observedGeneration", 2));
  }

  @Test
  void aBarePodCreatedThroughTheKubeconfigIsScheduledAndRuns() {
    try (KubernetesClient outsider = cluster.newExternalClient()) {
      outsider.pods().inNamespace("bare").resource(new io.fabric8.kubernetes.api.model.PodBuilder()
          .withNewMetadata().withName("lonely").withNamespace("bare").endMetadata()
          .withNewSpec().addNewContainer().withName("main").withImage("busybox").endContainer()
          .withNodeSelector(Map.of(SimulatedCluster.ZONE_LABEL, "zone-a")).endSpec().build()).create();
    }

    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(cluster.api().pods(null, Map.of()))
        .filteredOn(p -> p.getMetadata().getName().equals("lonely")).singleElement()
        .satisfies(p -> {
          assertThat(Pods.runningAndReady(p)).isTrue();
          assertThat(p.getSpec().getNodeName()).startsWith("zone-a-");
        }));
  }

  private static Map<String, Object> status(String kind, String namespace, String name) {
    Object status = cluster.api().get(kind, namespace, name).getAdditionalProperties().get("status");
    return status == null ? Map.of() : (Map<String, Object>) status;
  }

  private static List<Pod> readyPods(String namespace) {
    return cluster.api().pods(namespace, Map.of()).stream().filter(Pods::runningAndReady).toList();
  }

  private static void deployment(String namespace, String name, int replicas, String podSpecExtra) {
    cluster.api().apply(Manifests.deployment(namespace, name, replicas, podSpecExtra));
  }

}
