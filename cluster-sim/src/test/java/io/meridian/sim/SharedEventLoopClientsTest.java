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
    await().atMost(Duration.ofSeconds(10)).until(() -> threadsNamed("vertx-blocked-thread-checker") == checkersAfterSettling());
    long before = threadsNamed("vertx-blocked-thread-checker");
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

  /** The count once the checkers of closed Vert.x instances have ended: the same in two reads 200 ms apart. */
  private static long checkersAfterSettling() throws InterruptedException {
    long first = threadsNamed("vertx-blocked-thread-checker");
    Thread.sleep(200);
    return first == threadsNamed("vertx-blocked-thread-checker") ? first : -1;
  }

  private static long threadsNamed(String name) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).count();
  }
}
