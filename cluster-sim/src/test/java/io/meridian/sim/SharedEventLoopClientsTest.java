package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.utils.HttpClientUtils;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedEventLoopClientsTest {

  @Test
  void fabric8ChoosesTheSharedFactoryInAProcessThatHoldsTheSimulation() {
    assertThat(HttpClientUtils.getHttpClientFactory()).isInstanceOf(SharedEventLoopClients.class);
  }

  @Test
  void clientsOfManyClustersShareOneEventLoopGroup() {
    HttpClientUtils.getHttpClientFactory();
    new CuttableProxy("first-relay", 1).close(); // the relays' own event loops, made once per process
    long before = threadsNamed("vertx-blocked-thread-checker");
    try (SimulatedCluster a = SimulatedCluster.start(new ClusterSpec("shared-a", List.of(new ZoneSpec("z1", 1, 10))),
        SimOptions.DEFAULTS.withoutPods());
         SimulatedCluster b = SimulatedCluster.start(new ClusterSpec("shared-b", List.of(new ZoneSpec("z1", 1, 10))),
             SimOptions.DEFAULTS.withoutPods())) {
      assertThat(a.client().nodes().list().getItems()).hasSize(1);
      assertThat(b.client().nodes().list().getItems()).hasSize(1);

      // one blocked-thread checker per Vert.x instance: each API server has its own, the clients and relays none
      assertThat(threadsNamed("vertx-blocked-thread-checker") - before).isEqualTo(2);
    }
  }

  private static long threadsNamed(String name) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).count();
  }
}
