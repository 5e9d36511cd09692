package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class FaultsTest {

  private static SimulatedCluster cluster;

  @BeforeAll
  static void start() {
    cluster = SimulatedCluster.start(new ClusterSpec("faulty", List.of(
        new ZoneSpec("a", 2, 3), new ZoneSpec("b", 1, 10))),
        SimOptions.DEFAULTS.withReadyDelay(Duration.ofMillis(200)));
  }

  @AfterEach
  void recover() {
    cluster.recover();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void zoneFullLeavesNewPodsPendingUnschedulableAndRecoverSchedulesThem() {
    deployment("zonefull", 2, "a");
    await().atMost(Duration.ofSeconds(15)).until(() -> ready("zonefull").size() == 2);

    cluster.zoneFull("a");
    cluster.api().scale("Deployment", "zonefull", "web", 4);

    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
      List<Pod> pods = cluster.api().pods("zonefull", Map.of());
      assertThat(pods).hasSize(4);
      assertThat(pods).filteredOn(p -> !Pods.scheduled(p)).hasSize(2).allSatisfy(p -> {
        assertThat(Pods.phase(p)).isEqualTo("Pending");
        // the scheduler writes the condition a moment after the pod appears: absent is "not yet", asserted again
        assertThat(Pods.condition(p, "PodScheduled")).isNotNull();
        assertThat(Pods.condition(p, "PodScheduled").getReason()).isEqualTo("Unschedulable");
      });
    });
    int slots = cluster.client().nodes().withLabel(SimulatedCluster.ZONE_LABEL, "a").list().getItems().stream()
        .mapToInt(Scheduler::capacity).sum();
    assertThat(slots).as("allocatable pods advertised by the full zone").isEqualTo(2);

    cluster.recover();

    await().atMost(Duration.ofSeconds(10)).until(() -> ready("zonefull").size() == 4);
  }

  @Test
  void aNotReadyNodeMakesItsPodsNotReadyUntilRecovered() {
    deployment("notready", 2, "b");
    await().atMost(Duration.ofSeconds(15)).until(() -> ready("notready").size() == 2);

    cluster.nodeNotReady("b-0");

    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(cluster.api().pods("notready", Map.of()))
        .hasSize(2).allMatch(p -> "Running".equals(Pods.phase(p)) && !Pods.ready(p)));
    Node node = cluster.client().nodes().withName("b-0").get();
    assertThat(Scheduler.nodeReady(node)).isFalse();

    cluster.recover();

    await().atMost(Duration.ofSeconds(10)).until(() -> ready("notready").size() == 2);
  }

  @Test
  void unreachableCutsExternalClientsWhilePodsKeepRunningAndRecoverReconnects() throws Exception {
    deployment("cut", 2, "b");
    await().atMost(Duration.ofSeconds(15)).until(() -> ready("cut").size() == 2);
    try (KubernetesClient outsider = externalClient()) {
      assertThat(outsider.pods().inNamespace("cut").list().getItems()).hasSize(2);

      cluster.unreachable();

      assertThatThrownBy(() -> outsider.pods().inNamespace("cut").list()).isInstanceOf(KubernetesClientException.class);
      cluster.api().scale("Deployment", "cut", "web", 3);
      await().atMost(Duration.ofSeconds(10)).until(() -> ready("cut").size() == 3);

      cluster.recover();

      await().atMost(Duration.ofSeconds(10)).ignoreExceptions()
          .until(() -> outsider.pods().inNamespace("cut").list().getItems().size() == 3);
    }
  }

  @Test
  void unreachableDropsAnOutsidersOpenConnectionAndRefusesNewOnesUntilRecovered() throws Exception {
    URI api = URI.create(cluster.apiUrl());
    try (Socket open = new Socket("127.0.0.1", api.getPort())) {
      open.setSoTimeout(5_000);

      cluster.unreachable();

      assertThat(endOfStreamOrReset(open)).as("the open connection is closed by the server").isTrue();
      assertThatThrownBy(() -> new Socket("127.0.0.1", api.getPort()).close()).isInstanceOf(ConnectException.class);
    }

    cluster.recover();

    try (Socket again = new Socket("127.0.0.1", api.getPort())) {
      assertThat(again.isConnected()).isTrue();
    }
    assertThat(cluster.apiUrl()).isEqualTo(api.toString());
  }

  @Test
  void everyCutRefusesTheNextConnectionAtOnce() throws Exception {
    int port = URI.create(cluster.apiUrl()).getPort();
    for (int cut = 1; cut <= 100; cut++) {
      new Socket("127.0.0.1", port).close();

      cluster.unreachable();

      assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).as("a connection right after cut %d", cut)
          .isInstanceOf(ConnectException.class);
      cluster.recover();
    }
  }

  /** A connection the server had not yet accepted when it stopped listening is reset rather than closed. */
  private static boolean endOfStreamOrReset(Socket socket) throws IOException {
    try {
      return socket.getInputStream().read() == -1;
    } catch (SocketException reset) {
      return true;
    }
  }

  private static KubernetesClient externalClient() throws Exception {
    Config config = Config.fromKubeconfig(Files.readString(cluster.kubeconfigPath()));
    config.setRequestRetryBackoffLimit(0);
    config.setConnectionTimeout(2_000);
    config.setRequestTimeout(2_000);
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  private static List<Pod> ready(String namespace) {
    return cluster.api().pods(namespace, Map.of()).stream().filter(Pods::runningAndReady).toList();
  }

  private static void deployment(String namespace, int replicas, String zone) {
    cluster.api().apply(Manifests.deployment(namespace, "web", replicas,
        "      nodeSelector: {topology.kubernetes.io/zone: " + zone + "}"));
  }

}
