package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ScaleAndScheduleTest {

  private static SimulatedCluster cluster;

  @BeforeAll
  static void start() {
    long t0 = System.nanoTime();
    cluster = SimulatedCluster.start(new ClusterSpec("member1", List.of(
        new ZoneSpec("zone-a", 2, 5), new ZoneSpec("zone-b", 2, 5))),
        SimOptions.DEFAULTS.withReadyDelay(Duration.ofMillis(300)));
    System.out.println("started in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void scalingUpCreatesPodsThatAreScheduledByZoneAffinityAndBecomeReady() {
    cluster.api().apply("""
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: up}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              affinity:
                nodeAffinity:
                  requiredDuringSchedulingIgnoredDuringExecution:
                    nodeSelectorTerms:
                    - matchExpressions:
                      - {key: topology.kubernetes.io/zone, operator: In, values: [zone-b]}
              containers: [{name: main, image: nginx:alpine}]
        """);

    long t0 = System.nanoTime();
    cluster.api().scale("Deployment", "up", "web", 6);
    System.out.println("scaled in " + (System.nanoTime() - t0) / 1_000_000 + " ms");

    await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
      List<Pod> pods = cluster.api().pods("up", Map.of("app", "web"));
      assertThat(pods).hasSize(6).allMatch(Pods::runningAndReady);
      assertThat(cluster.api().countsByZone("up", Map.of("app", "web"))).isEqualTo(Map.of("zone-b", 6));
      assertThat(pods).allSatisfy(p -> assertThat(p.getMetadata().getLabels()).containsKey("pod-template-hash"));
    });
    System.out.println("ready in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
    await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
      var status = cluster.api().get("Deployment", "up", "web").getAdditionalProperties().get("status");
      assertThat(status).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
          .containsEntry("replicas", 6).containsEntry("readyReplicas", 6).containsEntry("availableReplicas", 6)
          .containsEntry("updatedReplicas", 6);
    });
  }
}
