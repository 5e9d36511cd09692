package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class InformerThreadsTest {

  @Test
  void theSimulatedClustersInformersDeliverTheirEventsOnTheSharedThreads() {
    Set<String> threads = ConcurrentHashMap.newKeySet();
    try (SimulatedCluster a = SimulatedCluster.start(new ClusterSpec("informers-a", List.of(new ZoneSpec("z1", 2, 10))),
        SimOptions.DEFAULTS.withoutPods());
         SimulatedCluster b = SimulatedCluster.start(new ClusterSpec("informers-b", List.of(new ZoneSpec("z1", 2, 10))),
             SimOptions.DEFAULTS.withoutPods());
         SharedIndexInformer<Node> ofA = a.client().nodes().inform(recordingThreads(threads), 0);
         SharedIndexInformer<Node> ofB = b.client().nodes().inform(recordingThreads(threads), 0)) {
      await().atMost(Duration.ofSeconds(10)).until(() -> threads.size() > 0 && ofA.hasSynced() && ofB.hasSynced());

      assertThat(threads).allMatch(name -> name.startsWith("sim-informers-"));
    }
  }

  private static ResourceEventHandler<Node> recordingThreads(Set<String> threads) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(Node node) {
        threads.add(Thread.currentThread().getName());
      }

      @Override
      public void onUpdate(Node before, Node after) {
        threads.add(Thread.currentThread().getName());
      }

      @Override
      public void onDelete(Node node, boolean finalStateUnknown) {
        threads.add(Thread.currentThread().getName());
      }
    };
  }
}
