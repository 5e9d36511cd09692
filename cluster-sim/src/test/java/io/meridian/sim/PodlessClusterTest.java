package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PodlessClusterTest {

  private static SimulatedCluster cluster;

  @BeforeAll
  static void start() {
    cluster = SimulatedCluster.start(new ClusterSpec("light", List.of(new ZoneSpec("z1", 2, 50))),
        SimOptions.DEFAULTS.withoutPods());
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void aDeploymentIsStoredButGetsNoPods() throws InterruptedException {
    cluster.api().apply("""
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: light}
        spec:
          replicas: 3
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: web, image: nginx}]
        """);

    Thread.sleep(1_500);
    assertThat(cluster.api().get("Deployment", "light", "web")).isNotNull();
    assertThat(cluster.api().pods("light", Map.of("app", "web"))).isEmpty();
  }

  @Test
  void aPodlessClusterDoesNotWatchTheWorkloadsItStores() throws InterruptedException {
    cluster.api().apply("""
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: unwatched, namespace: light}
        spec:
          replicas: 2
          selector: {matchLabels: {app: unwatched}}
          template:
            metadata: {labels: {app: unwatched}}
            spec:
              containers: [{name: web, image: nginx}]
        """);

    Thread.sleep(1_000);
    assertThat(cluster.api().get("Deployment", "light", "unwatched")).isNotNull();
    assertThat(cluster.runtime().workloads(ResourceKinds.DEPLOYMENT)).isEmpty();
  }

  @Test
  void aFullZoneStillAdvertisesNoFreeSlots() {
    cluster.zoneFull("z1");

    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(cluster.client().nodes().list().getItems())
        .allSatisfy(node -> assertThat(node.getStatus().getAllocatable().get("pods").getAmount()).isEqualTo("0")));
    cluster.recover();
  }
}
