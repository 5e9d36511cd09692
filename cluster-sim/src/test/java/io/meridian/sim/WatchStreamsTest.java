package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class WatchStreamsTest {

  private static SimulatedCluster cluster;

  @BeforeAll
  static void start() {
    cluster = SimulatedCluster.start(new ClusterSpec("watched", List.of(new ZoneSpec("z1", 1, 10))),
        SimOptions.DEFAULTS.withoutPods());
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void aNewWatchGetsWhatIsStoredThenEachChangeInOrder() {
    KubernetesClient client = cluster.client();
    client.configMaps().inNamespace("first").resource(configMap("first", "a", "1")).create();
    Events events = new Events();

    try (Watch watch = client.configMaps().inNamespace("first").watch(events)) {
      client.configMaps().inNamespace("first").resource(configMap("first", "a", "2")).update();
      client.configMaps().inNamespace("first").resource(configMap("first", "b", "1")).create();
      client.configMaps().inNamespace("first").withName("a").delete();

      await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(events.seen)
          .containsExactly("ADDED a 1", "MODIFIED a 2", "ADDED b 1", "DELETED a 2"));
    }
  }

  @Test
  void aWatchByLabelSeesAnObjectLeaveWhenItsLabelChanges() {
    KubernetesClient client = cluster.client();
    client.configMaps().inNamespace("labels").resource(configMap("labels", "c", "1")).create();
    Events events = new Events();

    try (Watch watch = client.configMaps().inNamespace("labels").withLabel("tier", "1").watch(events)) {
      client.configMaps().inNamespace("labels").resource(configMap("labels", "c", "2")).update();

      await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(events.seen)
          .containsExactly("ADDED c 1", "DELETED c 1"));
    }
  }

  @Test
  void aWatchOfOneNameSeesThatObjectAlone() {
    KubernetesClient client = cluster.client();
    Events events = new Events();

    try (Watch watch = client.configMaps().inNamespace("named").withName("mine").watch(events)) {
      client.configMaps().inNamespace("named").resource(configMap("named", "other", "1")).create();
      client.configMaps().inNamespace("named").resource(configMap("named", "mine", "1")).create();

      await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(events.seen)
          .containsExactly("ADDED mine 1"));
    }
  }

  @Test
  void aWatchOfOneKindSeesNoOtherKind() {
    KubernetesClient client = cluster.client();
    Events events = new Events();

    try (Watch watch = client.configMaps().inNamespace("kinds").watch(events)) {
      client.secrets().inNamespace("kinds").resource(new SecretBuilder().withNewMetadata().withNamespace("kinds")
          .withName("s").endMetadata().build()).create();
      client.configMaps().inNamespace("kinds").resource(configMap("kinds", "e", "1")).create();

      await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(events.seen).containsExactly("ADDED e 1"));
    }
  }

  @Test
  void watchesTakeNoThreadEach() {
    KubernetesClient client = cluster.client();
    List<Watch> watches = new ArrayList<>();
    List<Events> received = new ArrayList<>();
    long before = Thread.activeCount();
    try {
      for (int i = 0; i < 40; i++) {
        Events events = new Events();
        received.add(events);
        watches.add(client.configMaps().inNamespace("many").watch(events));
      }
      client.configMaps().inNamespace("many").resource(configMap("many", "d", "1")).create();

      await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(received)
          .allSatisfy(events -> assertThat(events.seen).containsExactly("ADDED d 1")));
      assertThat(Thread.activeCount() - before).isLessThan(20);
    } finally {
      watches.forEach(Watch::close);
    }
  }

  @Test
  void anObserverInTheProcessGetsWhatIsStoredThenEachChangeAsItIsStored() throws Exception {
    KubernetesClient client = cluster.client();
    client.configMaps().inNamespace("observed").resource(configMap("observed", "a", "1")).create();
    List<String> seen = new CopyOnWriteArrayList<>();

    try (AutoCloseable observer = cluster.observe("/api/v1/namespaces/observed/configmaps", event -> seen.add(brief(event)))) {
      client.configMaps().inNamespace("observed").resource(configMap("observed", "a", "2")).update();
      client.configMaps().inNamespace("other").resource(configMap("other", "x", "1")).create();
      client.configMaps().inNamespace("observed").withName("a").delete();

      // each write's answer comes after its event was handed over: no waiting
      assertThat(seen).containsExactly("ADDED a 1", "MODIFIED a 2", "DELETED a 2");
    }
  }

  @Test
  void aClosedObserverGetsNothingMore() throws Exception {
    KubernetesClient client = cluster.client();
    List<String> seen = new CopyOnWriteArrayList<>();
    AutoCloseable observer = cluster.observe("/api/v1/namespaces/closed/configmaps", event -> seen.add(brief(event)));
    client.configMaps().inNamespace("closed").resource(configMap("closed", "a", "1")).create();

    observer.close();
    client.configMaps().inNamespace("closed").resource(configMap("closed", "b", "1")).create();

    assertThat(seen).containsExactly("ADDED a 1");
  }

  private static String brief(String event) {
    JsonNode node = Serialization.unmarshal(event, JsonNode.class);
    JsonNode metadata = node.path("object").path("metadata");
    return node.path("type").asText() + " " + metadata.path("name").asText() + " " + metadata.path("labels").path("tier").asText();
  }

  private static ConfigMap configMap(String namespace, String name, String tier) {
    return new ConfigMapBuilder().withNewMetadata().withNamespace(namespace).withName(name)
        .withLabels(Map.of("tier", tier)).endMetadata().withData(Map.of("k", "v")).build();
  }

  private static final class Events implements Watcher<ConfigMap> {
    final List<String> seen = new CopyOnWriteArrayList<>();

    @Override
    public void eventReceived(Action action, ConfigMap object) {
      seen.add(action + " " + object.getMetadata().getName() + " " + object.getMetadata().getLabels().get("tier"));
    }

    @Override
    public void onClose(WatcherException cause) {
    }
  }
}
