package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The size of the example scenarios: 200 pods over 30 nodes in two zones, default one-second kubelet. */
class ScenarioSizeTest {

  @Test
  void twoHundredReplicasOverThirtyNodesAreReadyWithinSecondsAndScaleDownToo() {
    try (SimulatedCluster cluster = SimulatedCluster.start(new ClusterSpec("member1", List.of(
        new ZoneSpec("zone-a", 15, 10), new ZoneSpec("zone-b", 15, 10))))) {
      long start = System.nanoTime();
      cluster.api().apply(Manifests.deployment("deploy", "cs-demo", 200, ""));

      await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).until(() ->
          cluster.api().pods("deploy", Map.of("app", "cs-demo")).stream().filter(Pods::runningAndReady).count() == 200);
      long readyMillis = (System.nanoTime() - start) / 1_000_000;
      Map<String, Integer> perNode = cluster.api().countsByNodeLabel("deploy", Map.of("app", "cs-demo"),
          "kubernetes.io/hostname");
      assertThat(perNode).hasSize(30);
      assertThat(perNode.values()).as("fewest pods first").allMatch(n -> n == 6 || n == 7);

      cluster.api().scale("Deployment", "deploy", "cs-demo", 150);

      await().atMost(Duration.ofSeconds(15)).until(() ->
          cluster.api().pods("deploy", Map.of("app", "cs-demo")).size() == 150);
      System.out.printf("200 pods ready in %d ms, scaled to 150 after %d ms%n", readyMillis,
          (System.nanoTime() - start) / 1_000_000);
    }
  }
}
