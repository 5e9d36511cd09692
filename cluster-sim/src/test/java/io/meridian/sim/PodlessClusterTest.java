package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
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
    applyDeployment("web", 3);

    Thread.sleep(1_500);
    assertThat(cluster.api().get("Deployment", "light", "web")).isNotNull();
    assertThat(cluster.api().pods("light", Map.of("app", "web"))).isEmpty();
  }

  @Test
  void aPodlessClusterDoesNotWatchTheWorkloadsItStores() throws InterruptedException {
    applyDeployment("unwatched", 2);

    Thread.sleep(1_000);
    assertThat(cluster.api().get("Deployment", "light", "unwatched")).isNotNull();
    assertThat(cluster.runtime().workloads(ResourceKinds.DEPLOYMENT)).isEmpty();
  }

  @Test
  void anUnreachablePodlessClusterRefusesOutsidersOnSharedLoopsAndServesItsOwnClient() throws Exception {
    int outside = URI.create(cluster.apiUrl()).getPort();

    cluster.unreachable();
    try {
      assertThatThrownBy(() -> new Socket("127.0.0.1", outside).close()).isInstanceOf(ConnectException.class);
      assertThat(cluster.client().namespaces().list()).isNotNull();
    } finally {
      cluster.recover();
    }

    try (Socket again = new Socket("127.0.0.1", outside)) {
      assertThat(again.isConnected()).isTrue();
    }
  }

  private static void applyDeployment(String name, int replicas) {
    cluster.api().apply("""
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: %1$s, namespace: light}
        spec:
          replicas: %2$d
          selector: {matchLabels: {app: %1$s}}
          template:
            metadata: {labels: {app: %1$s}}
            spec:
              containers: [{name: web, image: nginx}]
        """.formatted(name, replicas));
  }

  @Test
  void aFullZoneStillAdvertisesNoFreeSlots() {
    cluster.zoneFull("z1");

    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(cluster.client().nodes().list().getItems())
        .allSatisfy(node -> assertThat(node.getStatus().getAllocatable().get("pods").getAmount()).isEqualTo("0")));
    cluster.recover();
  }

  @Test
  void aRecoveredZoneAdvertisesItsSlotsAgain() {
    cluster.zoneFull("z1");
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(slots()).containsOnly("0"));

    cluster.recover();

    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(slots()).containsOnly("50"));
  }

  @Test
  void anIdlePodlessClusterRunsNoPassesUntilSomethingChanges() throws InterruptedException {
    long before = quietRounds();

    Thread.sleep(1_500); // three resync periods

    assertThat(cluster.runtime().rounds()).isEqualTo(before);
    cluster.nodeNotReady("z1-0");
    await().atMost(Duration.ofSeconds(5)).until(() -> cluster.runtime().rounds() > before);
    cluster.recover();
  }

  /**
   * The loop's round count once it stopped moving for longer than a resync period: what earlier tests changed has been
   * looked at, however slow the machine. A loop that polls never gets there.
   */
  private static long quietRounds() throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    long seen = -1;
    long now = cluster.runtime().rounds();
    while (now != seen) {
      assertThat(System.nanoTime()).as("the loop kept running its passes for 15 s").isLessThan(deadline);
      seen = now;
      Thread.sleep(600);
      now = cluster.runtime().rounds();
    }
    return now;
  }

  private static List<String> slots() {
    return cluster.client().nodes().list().getItems().stream()
        .map(node -> node.getStatus().getAllocatable().get("pods").getAmount()).toList();
  }
}
