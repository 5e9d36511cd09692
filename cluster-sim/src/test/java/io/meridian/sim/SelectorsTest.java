package io.meridian.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SelectorsTest {

  private static final Node NODE = new NodeBuilder().withNewMetadata().withName("ack-3")
      .withLabels(Map.of("topology.kubernetes.io/zone", "ack", "cpus", "16", "pool", "fixed")).endMetadata().build();

  @Test
  void nodeAffinityOperatorsReadLabelsAsTheSchedulerDoes() {
    assertThat(matches(req("topology.kubernetes.io/zone", "In", "ack", "eci"))).isTrue();
    assertThat(matches(req("topology.kubernetes.io/zone", "NotIn", "eci"))).isTrue();
    assertThat(matches(req("gpu", "NotIn", "a100"))).as("NotIn holds for a missing label").isTrue();
    assertThat(matches(req("pool", "Exists"))).isTrue();
    assertThat(matches(req("gpu", "DoesNotExist"))).isTrue();
    assertThat(matches(req("cpus", "Gt", "8"))).isTrue();
    assertThat(matches(req("cpus", "Lt", "8"))).isFalse();
    assertThat(matches(req("gpu", "Gt", "0"))).as("Gt never holds for a missing label").isFalse();
    assertThat(matches(req("pool", "Gt", "1"))).as("Gt never holds for a label that is not a number").isFalse();
  }

  @Test
  void termsAreOredTheirRequirementsAndedAndAnEmptyTermMatchesNothing() {
    NodeSelectorTerm wrongZone = term(List.of(req("topology.kubernetes.io/zone", "In", "eci")), List.of());
    NodeSelectorTerm rightZoneWrongPool = term(List.of(req("topology.kubernetes.io/zone", "In", "ack"),
        req("pool", "In", "elastic")), List.of());
    NodeSelectorTerm byName = term(List.of(), List.of(req("metadata.name", "In", "ack-3")));

    assertThat(Selectors.matchesAnyTerm(List.of(wrongZone, rightZoneWrongPool), NODE)).isFalse();
    assertThat(Selectors.matchesAnyTerm(List.of(wrongZone, byName), NODE)).isTrue();
    assertThat(Selectors.matchesAnyTerm(List.of(new NodeSelectorTerm()), NODE)).isFalse();
  }

  @Test
  void onlyNoScheduleAndNoExecuteTaintsNeedAToleration() {
    Taint noSchedule = new Taint("NoSchedule", "dedicated", null, "gpu");
    Taint prefer = new Taint("PreferNoSchedule", "spot", null, "true");

    assertThat(Selectors.toleratesAll(List.of(prefer), List.of())).isTrue();
    assertThat(Selectors.toleratesAll(List.of(noSchedule), List.of())).isFalse();
    assertThat(Selectors.toleratesAll(List.of(noSchedule),
        List.of(new Toleration("NoSchedule", "dedicated", "Equal", null, "gpu")))).isTrue();
    assertThat(Selectors.toleratesAll(List.of(noSchedule),
        List.of(new Toleration("NoSchedule", "dedicated", "Equal", null, "cpu")))).isFalse();
    assertThat(Selectors.toleratesAll(List.of(noSchedule), List.of(new Toleration(null, null, "Exists", null, null))))
        .as("an empty key with Exists tolerates everything").isTrue();
  }

  private static boolean matches(NodeSelectorRequirement requirement) {
    return Selectors.matches(term(List.of(requirement), List.of()), NODE);
  }

  private static NodeSelectorTerm term(List<NodeSelectorRequirement> expressions, List<NodeSelectorRequirement> fields) {
    return new NodeSelectorTerm(expressions, fields);
  }

  private static NodeSelectorRequirement req(String key, String operator, String... values) {
    return new NodeSelectorRequirement(key, operator, List.of(values));
  }
}
