package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.utils.HttpClientUtils;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedEventLoopClientsTest {

  @Test
  void fabric8ChoosesTheSharedFactoryInAProcessThatHoldsTheSimulation() {
    assertThat(HttpClientUtils.getHttpClientFactory()).isInstanceOf(SharedEventLoopClients.class);
  }

  @Test
  void clientsAndServersOfManyPodlessClustersShareEventLoopGroups() {
    HttpClientUtils.getHttpClientFactory();
    new CuttableProxy("first-relay", 1).close(); // the relays' own event loops, made once per process
    SharedServerLoops.server().shutdown(); // the podless servers' shared event loops, made once per process
    long before = settledCount("vertx-blocked-thread-checker"); // once the closed instances' checkers have ended
    try (SimulatedCluster a = SimulatedCluster.start(new ClusterSpec("shared-a", List.of(new ZoneSpec("z1", 1, 10))),
        SimOptions.DEFAULTS.withoutPods());
         SimulatedCluster b = SimulatedCluster.start(new ClusterSpec("shared-b", List.of(new ZoneSpec("z1", 1, 10))),
             SimOptions.DEFAULTS.withoutPods())) {
      assertThat(a.client().nodes().list().getItems()).hasSize(1);
      assertThat(b.client().nodes().list().getItems()).hasSize(1);

      // one blocked-thread checker per Vert.x instance: the podless API servers, the clients and the relays add none
      await().atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(threadsNamed("vertx-blocked-thread-checker") - before).isZero());
    }
  }

  /** The number of threads so named once it holds still: the same in two reads 200 ms apart. */
  private static long settledCount(String name) {
    long[] last = {-1};
    await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200)).until(() -> {
      long now = threadsNamed(name);
      boolean same = now == last[0];
      last[0] = now;
      return same;
    });
    return last[0];
  }

  private static long threadsNamed(String name) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).count();
  }
}
