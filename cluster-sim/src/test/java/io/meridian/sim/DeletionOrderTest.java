package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DeletionOrderTest {

  @Test
  void lowerDeletionCostGoesFirstWhateverElseHolds() {
    Pod cheapReadyOld = pod("cheap", "-5", "n1", "Running", true, "2026-01-01T00:00:00Z");
    Pod dearPending = pod("dear", "10", null, "Pending", false, "2026-01-02T00:00:00Z");

    assertThat(sorted(dearPending, cheapReadyOld)).containsExactly("cheap", "dear");
  }

  @Test
  void atEqualCostUnscheduledThenPendingThenNotReadyThenNewerGoFirst() {
    Pod unscheduled = pod("unscheduled", null, null, "Pending", false, "2026-01-01T00:00:00Z");
    Pod pending = pod("pending", null, "n1", "Pending", false, "2026-01-01T00:00:00Z");
    Pod notReady = pod("not-ready", null, "n1", "Running", false, "2026-01-01T00:00:00Z");
    Pod readyNew = pod("ready-new", null, "n1", "Running", true, "2026-01-03T00:00:00Z");
    Pod readyOld = pod("ready-old", null, "n1", "Running", true, "2026-01-02T00:00:00Z");

    assertThat(sorted(readyOld, readyNew, notReady, pending, unscheduled))
        .containsExactly("unscheduled", "pending", "not-ready", "ready-new", "ready-old");
  }

  private static List<String> sorted(Pod... pods) {
    return Stream.of(pods).sorted(Pods.DELETION_ORDER).map(p -> p.getMetadata().getName()).toList();
  }

  private static Pod pod(String name, String cost, String node, String phase, boolean ready, String created) {
    PodBuilder builder = new PodBuilder().withNewMetadata().withName(name).withCreationTimestamp(created).endMetadata()
        .withNewSpec().withNodeName(node).endSpec()
        .withNewStatus().withPhase(phase)
        .addNewCondition().withType("Ready").withStatus(ready ? "True" : "False").endCondition()
        .endStatus();
    if (cost != null) {
      builder.editMetadata().addToAnnotations(Pods.DELETION_COST, cost).endMetadata();
    }
    return builder.build();
  }

  @Test
  void templateHashIgnoresTheOrderOfFields() throws Exception {
    var json = new com.fasterxml.jackson.databind.ObjectMapper();
    String one = Pods.hash(json.readTree("{\"spec\":{\"containers\":[{\"name\":\"a\",\"image\":\"x\"}],\"nodeSelector\":{}}}"));
    String two = Pods.hash(json.readTree("{\"spec\":{\"nodeSelector\":{},\"containers\":[{\"image\":\"x\",\"name\":\"a\"}]}}"));

    assertThat(one).isEqualTo(two).hasSize(10);
  }
}
